package io.joulebench.core.parquet;

/** The numbers of parquet.thrift's enums that the writer ({@link ParquetFile}) and reader ({@link ParquetStrings}) use. */
final class ParquetCodes {

    /** {@code Encoding}. */
    static final int PLAIN = 0;
    static final int RLE = 3;
    /** {@code FieldRepetitionType}. */
    static final int OPTIONAL = 1;
    static final int REPEATED = 2;
    /** {@code PageType}. */
    static final int DATA_PAGE = 0;
    static final int DICTIONARY_PAGE = 2;
    static final int DATA_PAGE_V2 = 3;
    /** {@code Type}. */
    static final int BYTE_ARRAY = 6;
    /** {@code ConvertedType}. */
    static final int CONVERTED_UTF8 = 0;
    static final int CONVERTED_LIST = 3;

    private ParquetCodes() {
    }
}
