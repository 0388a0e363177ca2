#!/usr/bin/env bash
# Builds a local llama.cpp server image with a tiny random-weight model baked in at /models/tiny.gguf.
#
#   build-image.sh [TAG]        (default joulebench/llama-server:local; Docker reached via DOCKER_HOST)
#   build-image.sh --print-mirror   prints the Debian mirror the build would use, and exits
#
# The Debian mirror is this machine's own: the first Debian archive URI (a path ending in /debian) of its apt sources
# (the URIs: of /etc/apt/sources.list.d/*.sources, or the deb lines of sources.list), so a machine behind a local
# mirror or proxy builds with no flag. DEBIAN_MIRROR overrides it; APT_ETC (default /etc/apt) names another apt
# folder to read.
#
# Idempotent: returns at once when the image exists. No registry is needed: a Debian sid root (debootstrap,
# the only suite that ships llama.cpp-tools) is imported with `docker import`, entrypoint llama-server.
# Exit codes: 0 built or present, 1 other failure, 3 a package download failed (one line on stderr says which).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
EXIT_DOWNLOAD=3

fail() { echo "build-image: $*" >&2; exit 1; }
download_failed() { echo "build-image: DOWNLOAD FAILED: $*" >&2; exit "$EXIT_DOWNLOAD"; }

# Every archive URI of the host's apt sources, deb822 files first, one per line.
apt_source_uris() {
  local etc=${APT_ETC:-/etc/apt} f
  for f in "$etc"/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'tolower($1) == "uris:" { for (i = 2; i <= NF; i++) print $i }' "$f"
  done
  for f in "$etc"/sources.list "$etc"/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    # deb [options] URI suite components…: the URI is the first field after the optional [ … ] block
    sed -e 's/#.*//' "$f" | awk '$1 == "deb" { i = 2; if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ } print $i }'
  done
}

# The host's Debian archive: the first source URI whose path ends in /debian (not debian-security, not Ubuntu's).
host_debian_mirror() {
  apt_source_uris | sed -e 's:/*$::' | grep -E '^(https?|file)://.*/debian$' | head -n 1
}

if [ "${1:-}" = "--print-mirror" ]; then
  MIRROR=${DEBIAN_MIRROR:-$(host_debian_mirror || true)}
  [ -n "$MIRROR" ] || fail "no Debian archive in the apt sources of ${APT_ETC:-/etc/apt}; set DEBIAN_MIRROR"
  echo "$MIRROR"
  exit 0
fi

TAG=${1:-joulebench/llama-server:local}
MIRROR=${DEBIAN_MIRROR:-$(host_debian_mirror || true)}
[ -n "$MIRROR" ] || fail "no Debian archive in this machine's apt sources (${APT_ETC:-/etc/apt}); set DEBIAN_MIRROR to a Debian mirror URL"

command -v docker >/dev/null 2>&1 || fail "the docker CLI is not installed"
docker info >/dev/null 2>&1 || fail "no Docker daemon reachable (DOCKER_HOST=${DOCKER_HOST:-unset})"
if docker image inspect "$TAG" >/dev/null 2>&1; then
  echo "build-image: $TAG already exists"
  exit 0
fi
[ "$(id -u)" -eq 0 ] || fail "must run as root (debootstrap and chroot)"

if ! command -v debootstrap >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  { apt-get -o DPkg::Lock::Timeout=300 update -qq &&
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends debootstrap; } >/dev/null 2>&1 \
    || download_failed "could not install debootstrap with apt-get"
fi

WORK=$(mktemp -d /tmp/joulebench-llama-image.XXXXXX)
ROOT=$WORK/root
cleanup() {
  local m
  for m in "$ROOT/dev" "$ROOT/proc"; do if mountpoint -q "$m" 2>/dev/null; then umount -l "$m" || true; fi; done
  # Never delete through a mount that is still attached (a bound /dev would be the host's).
  if grep -q " $ROOT/" /proc/mounts; then echo "build-image: $ROOT still has mounts; left in place" >&2; return; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "build-image: debootstrap --variant=minbase sid ($MIRROR)"
debootstrap --variant=minbase sid "$ROOT" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
  || download_failed "debootstrap of Debian sid from $MIRROR: $(grep -E 'E:|W:' "$WORK/debootstrap.log" | tail -1)"

mount -t proc proc "$ROOT/proc"
mount --bind /dev "$ROOT/dev"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# The mirror's Release file can look expired against this machine's clock.
echo 'Acquire::Check-Valid-Until "false";' >"$ROOT/etc/apt/apt.conf.d/99joulebench"

echo "build-image: installing llama.cpp-tools python3-gguf python3-numpy"
chroot "$ROOT" /usr/bin/env DEBIAN_FRONTEND=noninteractive sh -c \
  'apt-get update -qq && apt-get install -y -qq --no-install-recommends llama.cpp-tools python3-gguf python3-numpy' \
  >"$WORK/apt.log" 2>&1 \
  || download_failed "apt-get install llama.cpp-tools python3-gguf python3-numpy in sid: $(grep -E '^(E|Err):' "$WORK/apt.log" | tail -1)"
[ -x "$ROOT/usr/bin/llama-server" ] || fail "llama.cpp-tools installed but /usr/bin/llama-server is missing"

echo "build-image: writing /models/tiny.gguf"
mkdir -p "$ROOT/models"
cp "$HERE/make_tiny_gguf.py" "$ROOT/tmp/make_tiny_gguf.py"
chroot "$ROOT" python3 /tmp/make_tiny_gguf.py /models/tiny.gguf || fail "make_tiny_gguf.py failed"
rm -f "$ROOT/tmp/make_tiny_gguf.py"

chroot "$ROOT" apt-get clean
rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT"/var/cache/apt/*.bin
umount -l "$ROOT/dev"
umount -l "$ROOT/proc"
: >"$ROOT/etc/resolv.conf"

echo "build-image: docker import -> $TAG"
tar -C "$ROOT" -c . | docker import -c 'ENTRYPOINT ["/usr/bin/llama-server"]' - "$TAG" >/dev/null \
  || fail "docker import failed"
echo "build-image: built $TAG ($(docker image inspect -f '{{.Size}}' "$TAG") bytes)"
