#!/usr/bin/env bash
# Installs what `npm test` needs that npm does not bring: Debian's Chromium for the browser
# end-to-end tests, espeak-ng (speaks the WAV the voice browser test feeds Chromium's fake
# microphone), and PostgreSQL's server binaries for the integration suites that also run on
# PostgreSQL (scripts/test-postgres.ts starts a private server from them for each test run).
# Idempotent; runs as root on the Debian CI and developer machines (no systemd needed).
set -euo pipefail

need_chromium=false
need_postgres=false
need_espeak=false
[ -x /usr/bin/chromium ] || need_chromium=true
command -v espeak-ng >/dev/null 2>&1 || need_espeak=true
# Any Debian PostgreSQL server version will do; POSTGRES_BIN_DIR or TEST_DATABASE_URL replace it.
if [ -z "${TEST_DATABASE_URL:-}" ] && [ -z "${POSTGRES_BIN_DIR:-}" ] &&
  ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  need_postgres=true
fi

if [ "$need_chromium" = false ] && [ "$need_postgres" = false ] && [ "$need_espeak" = false ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  [ "$need_chromium" = true ] &&
    echo "setup-test-env: /usr/bin/chromium is missing and this is not root; install Debian's chromium package." >&2
  [ "$need_postgres" = true ] &&
    echo "setup-test-env: PostgreSQL server binaries are missing and this is not root; install Debian's postgresql-15 package (or set TEST_DATABASE_URL)." >&2
  [ "$need_espeak" = true ] &&
    echo "setup-test-env: espeak-ng is missing and this is not root; install Debian's espeak-ng package." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq

if [ "$need_postgres" = true ]; then
  echo "setup-test-env: installing Debian's PostgreSQL server (first run only)…"
  # The tests start their own private cluster; keep the package from creating (and starting)
  # a system-wide one on port 5432.
  apt-get install -y -qq --no-install-recommends postgresql-common >/dev/null
  sed -i 's/^#\?\s*create_main_cluster\s*=.*/create_main_cluster = false/' \
    /etc/postgresql-common/createcluster.conf
  package=postgresql-15
  apt-cache show "$package" >/dev/null 2>&1 || package=postgresql
  apt-get install -y -qq --no-install-recommends "$package" >/dev/null
  compgen -G '/usr/lib/postgresql/*/bin/initdb' | head -n 1
fi

if [ "$need_chromium" = true ]; then
  echo "setup-test-env: installing Debian's chromium (first run only)…"
  apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  /usr/bin/chromium --version
fi

if [ "$need_espeak" = true ]; then
  echo "setup-test-env: installing Debian's espeak-ng (first run only)…"
  apt-get install -y -qq --no-install-recommends espeak-ng >/dev/null
  espeak-ng --version
fi
