# Writes the data-page-v2 fixtures for ParquetStringsTest with pyarrow (DuckDB writes only v1 pages).
# Run: python make-v2-fixtures.py  (pyarrow 25.0.1); the expected values go to v2-expected.json.
import json
import pyarrow as pa
import pyarrow.parquet as pq

rows = [None if i % 7 == 0 else f"prompt {i % 50} — ünïcödé" + ("x" * (i % 80)) for i in range(400)]
table = pa.table({"id": pa.array(range(400), pa.int64()), "text": pa.array(rows, pa.string())})
for codec in ("snappy", "gzip", "none"):
    for dictionary in (True, False):
        name = f"v2-{codec}-{'dict' if dictionary else 'plain'}.parquet"
        pq.write_table(table, name, compression=codec, use_dictionary=dictionary, data_page_version="2.0",
                       row_group_size=150, data_page_size=2048)
with open("v2-expected.json", "w", encoding="utf-8") as f:
    json.dump(rows, f, ensure_ascii=False)
