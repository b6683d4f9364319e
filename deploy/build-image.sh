#!/usr/bin/env bash
# Builds the production image from the Dockerfile as written and proves it starts: every package
# the compiled server imports is in the image, and the container runs against PostgreSQL until
# /api/ready answers 200 and Docker reports its healthcheck healthy. Also validates compose.yaml.
# CI runs it (.ci/run); run it as root on a Debian bookworm machine.
#
# Docker Hub is out of reach where CI runs (only the npm registry and Debian's mirror are), so
# the Dockerfile's base, node:20-bookworm-slim, is made here when Docker does not have it:
# Debian's minimal bookworm from the mirror apt already uses, plus this machine's Node 20 and npm
# with its npm configuration and CA file (so `npm install` in the build reaches the registry),
# and the `node` user (uid 1000) the official image has. A base made by an earlier run is reused
# while the Node, npm and npm configuration it was made from are unchanged; an image pulled from
# Docker Hub under that tag is always used as it is.
#
# Settings (environment): IMAGE (default fernwood), SMOKE_DATABASE_SERVER (default
# postgres://fernwood:fernwood@127.0.0.1:5432, a role that may CREATE DATABASE).
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-fernwood}
SMOKE_DATABASE_SERVER=${SMOKE_DATABASE_SERVER:-postgres://fernwood:fernwood@127.0.0.1:5432}
BASE_IMAGE=node:20-bookworm-slim
BASE_LABEL=fernwood.base-fingerprint
# The Dockerfile's `# syntax=` line would make BuildKit download a frontend from Docker Hub; the
# legacy builder reads the Dockerfile itself.
export DOCKER_BUILDKIT=0

started=$SECONDS
run_started_at=$(date +%s)
timings=()
# What an interrupted or failed run leaves behind, removed on exit.
rootfs=''
smoke_container=''
smoke_database=''
clean_up() {
  [ -n "$smoke_container" ] && docker rm -f -v "$smoke_container" >/dev/null 2>&1
  [ -n "$smoke_database" ] &&
    psql -q "$SMOKE_DATABASE_SERVER/postgres" -c "DROP DATABASE IF EXISTS $smoke_database WITH (FORCE)"
  [ -n "$rootfs" ] && rm -rf "$rootfs" "$rootfs.log"
  smoke_container='' smoke_database='' rootfs=''
}
trap clean_up EXIT
step_started=$SECONDS
step() {
  echo "image: $1"
  step_started=$SECONDS
}
step_done() {
  timings+=("$(printf '%-34s %4ss' "$1" $((SECONDS - step_started)))")
}

install_tools() {
  local missing=()
  # /usr/local/bin may hold a Docker client alone; the daemon comes with Debian's docker.io.
  command -v dockerd >/dev/null || missing+=(docker.io)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  command -v docker-compose >/dev/null || missing+=(docker-compose)
  command -v psql >/dev/null || missing+=(postgresql-client)
  command -v curl >/dev/null || missing+=(curl)
  [ ${#missing[@]} -eq 0 ] && return
  echo "image: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

start_docker() {
  docker info >/dev/null 2>&1 && return
  # No init system runs services here; dockerd stays up after this script for later runs.
  echo "image: starting dockerd (log: /var/log/dockerd.log)"
  setsid dockerd >/var/log/dockerd.log 2>&1 </dev/null &
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && return
    sleep 1
  done
  tail -n 20 /var/log/dockerd.log >&2
  echo "image: dockerd did not answer within 60 s" >&2
  exit 1
}

# The mirror apt already uses for bookworm itself (not -security or -updates), from either the
# deb822 .sources files or one-line sources.list entries.
debian_mirror() {
  local codename=$1
  {
    awk -v codename="$codename" '
      function found() { if (uri != "" && suite) { print uri; exit } uri = ""; suite = 0 }
      FNR == 1 || /^[[:space:]]*$/ { found() }
      tolower($1) == "uris:" { uri = $2 }
      tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == codename) suite = 1 }
      END { found() }
    ' /etc/apt/sources.list.d/*.sources 2>/dev/null
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | sed -E 's/\[[^]]*\]//' |
      awk -v codename="$codename" '$1 == "deb" && $3 == codename { print $2 }' || true
  } | awk 'NR == 1'
}

make_base_image() {
  local node_binary node_version prefix userconfig globalconfig cafile config fingerprint existing mirror
  node_binary=$(readlink -f "$(command -v node)")
  node_version=$(node --version)
  case "$node_version" in
  v20.*) ;;
  *)
    echo "image: $BASE_IMAGE needs Node 20; this machine has $node_version" >&2
    exit 1
    ;;
  esac
  prefix=$(npm config get prefix 2>/dev/null)
  userconfig=$(npm config get userconfig 2>/dev/null)
  globalconfig=$(npm config get globalconfig 2>/dev/null)
  cafile=$(npm config get cafile 2>/dev/null)
  # What the base is made of from this machine; a change (a new Node, a new CA) makes it anew.
  fingerprint=$({
    node --version
    npm --version 2>/dev/null
    cat "$userconfig" "$globalconfig" "$cafile" 2>/dev/null || true
  } | sha256sum | cut -c1-16)
  existing=$(docker image inspect --format "{{ index .Config.Labels \"$BASE_LABEL\" }}" "$BASE_IMAGE" 2>/dev/null || true)
  if [ "$existing" = "$fingerprint" ]; then
    echo "image: $BASE_IMAGE already made from this machine's Node $node_version and npm configuration"
    return
  fi
  if docker image inspect "$BASE_IMAGE" >/dev/null 2>&1 && [ -z "$existing" ]; then
    echo "image: using the $BASE_IMAGE Docker already has"
    return
  fi

  # The base image, and so the production image, carries these files: never a registry token.
  for config in "$userconfig" "$globalconfig"; do
    if [ -f "$config" ] && grep -Eqi '(_auth|_password|token)[^=]*=' "$config"; then
      echo "image: $config holds registry credentials; they must not go into an image" >&2
      exit 1
    fi
  done
  mirror=$(debian_mirror bookworm)
  if [ -z "$mirror" ]; then
    echo "image: apt has no mirror for bookworm in /etc/apt/sources.list*" >&2
    exit 1
  fi

  rootfs=$(mktemp -d /var/tmp/fernwood-base.XXXXXX)
  echo "image: debootstrap bookworm from $mirror"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 ||
    { tail -n 20 "$rootfs.log" >&2; exit 1; }

  # Debian's own slim images leave out documentation and translations, now and on later installs.
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
DPKG
  find "$rootfs/usr/share/doc" -mindepth 2 -not -name copyright -not -type d -delete
  rm -rf "$rootfs"/usr/share/{man,info,locale}/* "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/log/*.log

  # Node and npm where this machine has them, so its npm configuration's paths hold inside.
  install -D "$node_binary" "$rootfs$prefix/bin/node"
  mkdir -p "$rootfs$prefix/lib/node_modules" "$rootfs$prefix/include"
  local package tool
  for package in npm corepack; do
    [ -d "$prefix/lib/node_modules/$package" ] || continue
    cp -a "$prefix/lib/node_modules/$package" "$rootfs$prefix/lib/node_modules/"
  done
  for tool in npm npx corepack; do
    [ -L "$prefix/bin/$tool" ] && cp -a "$prefix/bin/$tool" "$rootfs$prefix/bin/"
  done
  [ -d "$prefix/include/node" ] && cp -a "$prefix/include/node" "$rootfs$prefix/include/"
  # The build runs npm as root, so root's user configuration is the one it reads.
  [ -f "$userconfig" ] && install -D -m 600 "$userconfig" "$rootfs/root/.npmrc"
  [ -f "$globalconfig" ] && install -D -m 644 "$globalconfig" "$rootfs$globalconfig"
  [ -f "$cafile" ] && install -D -m 644 "$cafile" "$rootfs$cafile"

  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  chroot "$rootfs" node --version >/dev/null

  tar --numeric-owner -C "$rootfs" -c . |
    docker import \
      --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
      --change "ENV NODE_VERSION=${node_version#v}" \
      --change "LABEL $BASE_LABEL=$fingerprint" \
      --change 'CMD ["node"]' \
      - "$BASE_IMAGE" >/dev/null
  echo "image: imported $BASE_IMAGE (Node $node_version, npm $(npm --version 2>/dev/null))"
  clean_up
}

validate_compose() {
  # The payout settings are required (compose refuses to start without them); placeholders
  # stand in for them here.
  PAYOUT_ACCOUNT=placeholder PAYOUT_PRIVATE_KEY=placeholder docker-compose -f compose.yaml config --quiet
  echo "image: compose.yaml is valid"
}

build_image() {
  # The build's `npm install` reaches the registry through the host's network, the one network
  # this machine has; the container reaches nothing the host cannot.
  docker build --network host -t "$IMAGE" .
}

free_port() {
  node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })'
}

# The image as it starts in production (migrations on PostgreSQL, the web app, the healthcheck),
# with one deliberate difference: it listens on 127.0.0.1 of the host's network, so the devchain
# it runs (CHAIN's default, the only chain reachable here) is not served publicly, which the
# server rightly refuses on HOST=0.0.0.0 unless DEVCHAIN_PUBLIC=true.
smoke_run() {
  local container port status health
  port=$(free_port)
  smoke_database=fernwood_image_smoke_$$
  psql -q -v ON_ERROR_STOP=1 "$SMOKE_DATABASE_SERVER/postgres" -c "CREATE DATABASE $smoke_database"
  container=fernwood-image-smoke-$$
  smoke_container=$container
  docker run -d --name "$container" --network host \
    -e HOST=127.0.0.1 -e PORT="$port" -e CHAIN=devchain \
    -e DATABASE_URL="$SMOKE_DATABASE_SERVER/$smoke_database" \
    "$IMAGE" >/dev/null

  for _ in $(seq 1 120); do
    status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/ready" || true)
    [ "$status" = 200 ] && break
    if [ "$(docker inspect --format '{{ .State.Running }}' "$container")" != true ]; then
      docker logs --tail 40 "$container" >&2
      echo "image: the container stopped before it was ready" >&2
      return 1
    fi
    sleep 1
  done
  if [ "$status" != 200 ]; then
    docker logs --tail 40 "$container" >&2
    echo "image: /api/ready answered $status after 120 s" >&2
    return 1
  fi
  echo "image: /api/ready answered 200 after $((SECONDS - step_started)) s"

  # The healthcheck first runs one interval (10 s) after the start.
  for _ in $(seq 1 90); do
    health=$(docker inspect --format '{{ .State.Health.Status }}' "$container")
    [ "$health" = healthy ] && break
    [ "$health" = unhealthy ] && break
    sleep 1
  done
  if [ "$health" != healthy ]; then
    docker inspect --format '{{ json .State.Health }}' "$container" >&2
    echo "image: the healthcheck reports $health" >&2
    return 1
  fi
  echo "image: the healthcheck reports healthy after $((SECONDS - step_started)) s"
  clean_up
}

step "tools and dockerd"
install_tools
start_docker
step_done "tools and dockerd"

step "base image $BASE_IMAGE"
make_base_image
step_done "base image"

step "compose.yaml"
validate_compose
step_done "compose.yaml"

step "docker build -t $IMAGE"
build_image
step_done "docker build"

step "package imports"
docker run -i --rm --network none "$IMAGE" node --input-type=module - <deploy/check-server-imports.mjs
step_done "package imports"

step "smoke run"
smoke_run
step_done "smoke run"

# Earlier runs' images, untagged now, would fill the disk run by run; this run's build stage
# stays as the cache for the next.
docker image prune -f --filter "until=$run_started_at" >/dev/null

size=$(docker image inspect --format '{{ .Size }}' "$IMAGE")
echo "image: timings"
printf '  %s\n' "${timings[@]}"
printf '  %-34s %4ss\n' total $((SECONDS - started))
echo "image: $IMAGE is $((size / 1000000)) MB (uncompressed)"
