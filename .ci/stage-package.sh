#!/usr/bin/env bash
# CI stage: build the desktop app image and smoke-test its packaged CLI launcher.
#
# Sourced by .ci/run, which then calls `stage_package` from the repository root with JAVA_HOME set to a JDK >= 21.
# Also runnable alone: .ci/stage-package.sh (picks up JAVA_HOME as it is).
#
# Fails loudly: any non-zero exit, a missing launcher, or output that does not look like the expected one stops the
# stage with one line naming what broke, plus the captured output.

stage_package() (
  set -euo pipefail
  local root dist cli out
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  cd "$root"
  dist=target/dist/Joulebench
  cli=$dist/bin/joulebench

  stage_fail() { echo "FATAL: stage package: $*" >&2; exit 1; }
  [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/jpackage" ] \
    || stage_fail "JAVA_HOME (${JAVA_HOME:-unset}) is not a JDK >= 21 with jpackage"

  printf '\n==> %s\n' "stage package: app image (./mvnw -Ppackage package)"
  # -DskipUnitTests as well as -DskipTests: the pom binds surefire's skipTests to its own skipUnitTests property,
  # so -DskipTests alone would run the unit tests a second time (stage 1 already ran them).
  ./mvnw -B -ntp -Ppackage -DskipTests -DskipUnitTests=true package \
    || stage_fail "./mvnw -Ppackage package failed"
  [ -x "$dist/bin/Joulebench" ] || stage_fail "the GUI launcher $dist/bin/Joulebench is missing"
  [ -x "$cli" ] || stage_fail "the CLI launcher $cli is missing"

  # run_cli EXPECTED_RC ARGS...: runs the packaged CLI, prints its output, fails unless it exits EXPECTED_RC.
  run_cli() {
    local expected=$1 rc=0
    shift
    printf '\n==> stage package: %s %s\n' "$cli" "$*"
    out=$("$cli" "$@" 2>&1) || rc=$?
    echo "$out"
    [ "$rc" -eq "$expected" ] || stage_fail "'joulebench $*' exited $rc, expected $expected"
  }

  run_cli 0 --version
  grep -q '^joulebench [0-9]' <<<"$out" || stage_fail "'joulebench --version' printed no 'joulebench <version>' line"

  run_cli 0 validate examples/quickstart.yaml
  grep -q '^examples/quickstart.yaml: valid$' <<<"$out" || stage_fail "validate did not report the quickstart valid"

  # Arguments must reach picocli unchanged: an unknown subcommand is bad usage (exit 2) and is named back.
  run_cli 2 no-such-command
  grep -q 'no-such-command' <<<"$out" || stage_fail "the launcher did not pass its arguments through"
  echo "stage package: OK ($(du -sh "$dist" | cut -f1) app image in $dist)"
)

# Run directly (not sourced): do the stage now.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  stage_package
fi
