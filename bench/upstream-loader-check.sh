#!/usr/bin/env bash
# Loads a `joulebench export --upstream` study folder with upstream llenergymeasure's own Pydantic models, taken
# from a checkout of upstream (nothing of upstream is copied here):
#   bench/upstream-loader-check.sh UPSTREAM_CHECKOUT EXPORTED_STUDY_FOLDER
# Needs python3 with pydantic 2. Loads the model modules by path with empty parent packages, so upstream's package
# __init__ (and its heavy imports) never runs; the two imports manifest.py needs for its writer are stubbed.
# Prints PASS/FAIL per file and a summary; exits 1 when manifest.json or a result.json fails. system.json failing as EnvironmentSnapshot
# is expected (docs/results.md, upstream export): upstream's load_result reads it best-effort.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 UPSTREAM_CHECKOUT EXPORTED_STUDY_FOLDER" >&2
  exit 2
fi
SRC="$1/src/llenergymeasure"
[ -f "$SRC/domain/experiment.py" ] || { echo "$1 is not an llenergymeasure checkout (no src/llenergymeasure)" >&2; exit 2; }
[ -f "$2/manifest.json" ] || { echo "$2 has no manifest.json" >&2; exit 2; }
exec python3 - "$SRC" "$2" <<'PY'
import importlib.util, json, sys, types, warnings
from pathlib import Path

src, study = Path(sys.argv[1]), Path(sys.argv[2])
for pkg in ("llenergymeasure", "llenergymeasure.domain", "llenergymeasure.study", "llenergymeasure.results",
            "llenergymeasure.utils"):
    m = types.ModuleType(pkg); m.__path__ = []; sys.modules[pkg] = m
stub = types.ModuleType("llenergymeasure.results.persistence"); stub._atomic_write = lambda *a, **k: None
sys.modules[stub.__name__] = stub
exc = types.ModuleType("llenergymeasure.utils.exceptions"); exc.StudyError = type("StudyError", (Exception,), {})
sys.modules[exc.__name__] = exc
sys.modules["llenergymeasure.exceptions"] = exc

def load(name, rel):
    spec = importlib.util.spec_from_file_location(name, src / rel)
    mod = importlib.util.module_from_spec(spec); sys.modules[name] = mod; spec.loader.exec_module(mod)
    return mod

for name in ("bundle_artefacts", "provenance", "session", "environment", "metrics", "experiment"):
    if (src / "domain" / f"{name}.py").exists():
        load(f"llenergymeasure.domain.{name}", f"domain/{name}.py")
ExperimentResult = sys.modules["llenergymeasure.domain.experiment"].ExperimentResult
EnvironmentSnapshot = sys.modules["llenergymeasure.domain.environment"].EnvironmentSnapshot
StudyManifest = load("llenergymeasure.study.manifest", "study/manifest.py").StudyManifest
from pydantic import ValidationError

counts, fails = {}, 0
def rec(kind, ok, msg):
    global fails
    counts.setdefault(kind, [0, 0])[0 if ok else 1] += 1
    fails += 0 if ok or kind == "system.json" else 1  # system.json: expected, see the header
    print(("PASS " if ok else "FAIL ") + msg)
def errs(e):
    return "; ".join(f"{'.'.join(map(str, x['loc']))}: {x['type']}" for x in e.errors())

try:
    sm = StudyManifest.model_validate_json((study / "manifest.json").read_text())
    rec("manifest.json", True, f"manifest.json StudyManifest ({len(sm.experiments)} entries)")
except ValidationError as e:
    rec("manifest.json", False, f"manifest.json StudyManifest: {errs(e)}")
for r in sorted(study.glob("*/result.json")):
    b = r.parent.name
    try:  # upstream's load_result: result.json strictly, the system.json sidecar best-effort
        ExperimentResult.model_validate_json(r.read_text())
        rec("result.json", True, f"{b}/result.json ExperimentResult")
    except ValidationError as e:
        rec("result.json", False, f"{b}/result.json ExperimentResult: {errs(e)}")
    s = r.parent / "system.json"
    try:
        EnvironmentSnapshot.model_validate_json(s.read_text())
        rec("system.json", True, f"{b}/system.json EnvironmentSnapshot")
    except ValidationError as e:
        rec("system.json", False, f"{b}/system.json EnvironmentSnapshot (load_result tolerates it): {errs(e)}")
    try:
        json.loads((r.parent / "config.json").read_text())
        rec("config.json", True, f"{b}/config.json parses (upstream has no model for it)")
    except Exception as e:
        rec("config.json", False, f"{b}/config.json: {e}")
print("SUMMARY", {k: f"{v[0]} pass / {v[1]} fail" for k, v in counts.items()})
sys.exit(1 if fails else 0)
PY
