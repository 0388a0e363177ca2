#!/usr/bin/env bash
# Builds the Joulebench desktop application into target/dist/.
#
#   packaging/jpackage.sh [--app-image]  app image: target/dist/Joulebench/bin/{Joulebench,joulebench}
#   packaging/jpackage.sh --deb      the app image and a .deb beside it (installs fakeroot/dpkg-dev if missing)
#   packaging/jpackage.sh --rebuild  rebuild target/joulebench.jar first even if it exists
#
# Steps: the jar (./mvnw package, only when missing) -> the JDK modules it needs (jdeps) -> a runtime with those
# plus the JavaFX modules (jlink) -> jpackage. Why JavaFX is linked into the runtime: docs/decisions/0005-packaging.md.
# JVM options come from packaging/jvm-options.txt, the same file `./mvnw javafx:run` reads.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

APP_NAME=Joulebench
GUI_MAIN=io.joulebench.app.Launcher
TARGET=$ROOT/target
WORK=$TARGET/jpackage
DIST=$TARGET/dist
OPTIONS_FILE=$ROOT/packaging/jvm-options.txt
# Modules found by reflection or service loading, which jdeps cannot see.
EXTRA_JDK_MODULES=jdk.unsupported

fail() { echo "jpackage.sh: ERROR: $*" >&2; exit 1; }
log() { echo "jpackage.sh: $*"; }

want_deb=false
rebuild=false
for arg in "$@"; do
  case "$arg" in
    --app-image) ;;  # the default
    --deb) want_deb=true ;;
    --rebuild) rebuild=true ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) fail "unknown argument '$arg' (try --help)" ;;
  esac
done

java_major() {  # the major version of the JDK at $1, or nothing
  local v
  v=$("$1/bin/java" -version 2>&1 | awk -F'"' '/version/ {print $2; exit}') || return 0
  case "$v" in 1.*) echo "${v#1.}" | cut -d. -f1 ;; *) echo "${v%%[.+-]*}" ;; esac
}

is_packaging_jdk() {  # a JDK >= 21 with jdeps, jlink and jpackage
  local d=$1 m
  [ -x "$d/bin/jpackage" ] && [ -x "$d/bin/jlink" ] && [ -x "$d/bin/jdeps" ] || return 1
  m=$(java_major "$d")
  [ -n "$m" ] && [ "$m" -ge 21 ]
}

pick_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && is_packaging_jdk "$JAVA_HOME"; then echo "$JAVA_HOME"; return; fi
  local best="" best_major=0 d m
  for d in /usr/lib/jvm/*/; do
    d=${d%/}
    is_packaging_jdk "$d" || continue
    m=$(java_major "$d")
    if [ "$m" -gt "$best_major" ]; then best=$d; best_major=$m; fi
  done
  echo "$best"
}

JAVA_HOME=$(pick_jdk)
[ -n "$JAVA_HOME" ] || fail "no JDK >= 21 with jpackage found (JAVA_HOME=${JAVA_HOME:-unset}, nor under /usr/lib/jvm)"
export JAVA_HOME
log "JDK $JAVA_HOME ($(java_major "$JAVA_HOME"))"

# --- 1. the jar and its runtime dependencies ------------------------------------------------------------------------
if $rebuild || [ ! -f "$TARGET/joulebench.jar" ] || [ ! -d "$TARGET/lib" ]; then
  log "building target/joulebench.jar"
  # maven.test.skip, not skipTests: the pom sets surefire's skipTests from its own skipUnitTests property.
  ./mvnw -q -B -Dmaven.test.skip=true package || fail "./mvnw package failed"
fi
[ -f "$TARGET/joulebench.jar" ] || fail "target/joulebench.jar is missing after the build"

version=$(unzip -p "$TARGET/joulebench.jar" META-INF/MANIFEST.MF | tr -d '\r' \
  | awk -F': ' '$1 == "Implementation-Version" {print $2}')
app_version=${version%%-*}  # jpackage takes only numbers: 0.1.0-SNAPSHOT -> 0.1.0
[[ "$app_version" =~ ^[0-9]+(\.[0-9]+){0,2}$ ]] || fail "cannot derive an app version from '$version'"

# JavaFX comes as platform jars (javafx-controls-21.0.11-linux.jar: a modular jar with the natives inside) plus an
# empty jar per module without classifier; only the platform jars are real modules.
shopt -s nullglob
fx_jars=("$TARGET"/lib/javafx-*-linux*.jar)
shopt -u nullglob
[ ${#fx_jars[@]} -gt 0 ] || fail "no JavaFX platform jars (javafx-*-linux*.jar) in target/lib"
fx_modules=()
for jar in "${fx_jars[@]}"; do
  module=$("$JAVA_HOME/bin/jar" --describe-module --file "$jar" | awk 'NR == 1 {sub(/@.*/, ""); print}')
  [[ "$module" == javafx.* ]] || fail "$jar is not a JavaFX module (jar --describe-module says '$module')"
  fx_modules+=("$module")
done
fx_path=$(IFS=:; echo "${fx_jars[*]}")
fx_list=$(IFS=,; echo "${fx_modules[*]}")

rm -rf "$WORK" "$DIST"
mkdir -p "$WORK/input/lib" "$DIST"
cp "$TARGET/joulebench.jar" "$WORK/input/"
for jar in "$TARGET"/lib/*.jar; do
  case "$(basename "$jar")" in javafx-*) ;; *) cp "$jar" "$WORK/input/lib/" ;; esac
done

# --- 2. JDK modules (jdeps) -----------------------------------------------------------------------------------------
log "jdeps: finding the JDK modules"
jdk_modules=$("$JAVA_HOME/bin/jdeps" --ignore-missing-deps --print-module-deps --multi-release 21 \
  --class-path "$TARGET/lib/*" "$TARGET/joulebench.jar" 2>"$WORK/jdeps.err") \
  || { cat "$WORK/jdeps.err" >&2; fail "jdeps failed"; }
jdk_modules=$(echo "$jdk_modules" | tail -n 1 | tr -d '[:space:]')
[[ "$jdk_modules" == *java.base* ]] || fail "jdeps printed no module list ('$jdk_modules')"
modules=$(echo "$jdk_modules,$EXTRA_JDK_MODULES,$fx_list" | tr ',' '\n' | awk 'NF && !seen[$0]++' | paste -sd, -)
log "modules: $modules"

# --- 3. the runtime (jlink) -----------------------------------------------------------------------------------------
log "jlink: building the runtime"
"$JAVA_HOME/bin/jlink" --module-path "$fx_path" --add-modules "$modules" \
  --strip-debug --no-header-files --no-man-pages --compress=zip-6 \
  --exclude-resources='glob:/javafx.*/*.so' \
  --output "$WORK/runtime" || fail "jlink failed"
# Put the JavaFX natives where the JavaFX jmods would: runtime/lib. JavaFX looks there first for modules loaded from
# the runtime image, so nothing is extracted to ~/.openjfx/cache at start-up.
for jar in "${fx_jars[@]}"; do
  (cd "$WORK/runtime/lib" && unzip -q -o "$jar" '*.so' 2>/dev/null) || true
done
ls "$WORK/runtime/lib"/libglass*.so >/dev/null 2>&1 || fail "JavaFX natives (libglass*.so) are missing from the runtime"

# --- 4. JVM options from the shared file ----------------------------------------------------------------------------
[ -f "$OPTIONS_FILE" ] || fail "missing $OPTIONS_FILE"
java_options=()
while IFS= read -r line || [ -n "$line" ]; do
  line=${line%%#*}
  line=${line#"${line%%[![:space:]]*}"}  # trim leading
  line=${line%"${line##*[![:space:]]}"}  # and trailing blanks
  [ -n "$line" ] && java_options+=(--java-options "$line")
done <"$OPTIONS_FILE"
# JavaFX 21's Marlin renderer (com.sun.marlin.OffHeapArray) allocates through sun.misc.Unsafe, which JDK 24+ reports
# with four "WARNING: sun.misc.Unsafe::allocateMemory …" lines on every start. The runtime is ours, so where it knows
# the flag (JDK 23+; JDK 21 refuses unknown options, hence not in the shared file) the use is allowed silently.
runtime_feature=$("$WORK/runtime/bin/java" -XshowSettings:properties -version 2>&1 \
  | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p')
if [ "${runtime_feature:-0}" -ge 23 ]; then
  java_options+=(--java-options "--sun-misc-unsafe-memory-access=allow")
fi

common=(
  --name "$APP_NAME"
  --app-version "$app_version"
  --vendor "Joulebench"
  --description "Energy per generated token of LLM inference servers under open-loop traffic"
  --copyright "Joulebench contributors"
)
app_args=(
  --input "$WORK/input"
  --main-jar joulebench.jar
  --main-class "$GUI_MAIN"
  --runtime-image "$WORK/runtime"
  --icon "$ROOT/icons/joulebench-256.png"
  --add-launcher "joulebench=$ROOT/packaging/cli-launcher.properties"
  "${java_options[@]}"
)

# --- 5. the app image -----------------------------------------------------------------------------------------------
log "jpackage: app image"
"$JAVA_HOME/bin/jpackage" --type app-image "${common[@]}" "${app_args[@]}" --dest "$DIST" \
  || fail "jpackage --type app-image failed"
for launcher in "$APP_NAME" joulebench; do
  [ -x "$DIST/$APP_NAME/bin/$launcher" ] || fail "launcher bin/$launcher is missing from the app image"
done

# --- 6. the .deb, when asked ----------------------------------------------------------------------------------------
if $want_deb; then
  missing=()
  command -v fakeroot >/dev/null 2>&1 || missing+=(fakeroot)
  command -v dpkg-shlibdeps >/dev/null 2>&1 || missing+=(dpkg-dev)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} (needed for --type deb)"
    [ "$(id -u)" -eq 0 ] || fail "${missing[*]} missing and not root: install them (apt-get install ${missing[*]})"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get -o DPkg::Lock::Timeout=300 update -qq &&
      apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } \
      || fail "apt-get could not install ${missing[*]}"
  fi
  # jpackage takes a launcher's .desktop file from the resource dir when one is named after it.
  mkdir -p "$WORK/resources"
  cp "$ROOT/packaging/linux/joulebench.desktop" "$WORK/resources/$APP_NAME.desktop"
  log "jpackage: .deb"
  # From the inputs, not --app-image: only then does jpackage honour linux-shortcut=false of the CLI launcher.
  "$JAVA_HOME/bin/jpackage" --type deb "${common[@]}" "${app_args[@]}" --dest "$DIST" \
    --resource-dir "$WORK/resources" --install-dir /opt --linux-package-name joulebench \
    --linux-menu-group "Development" --linux-app-category devel --linux-shortcut \
    || fail "jpackage --type deb failed"
  ls "$DIST"/*.deb >/dev/null 2>&1 || fail "no .deb in target/dist"
fi

log "done: $(cd "$DIST" && ls -d "$APP_NAME" ./*.deb 2>/dev/null | tr '\n' ' ')in target/dist"
