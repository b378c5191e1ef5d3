#!/usr/bin/env bash
# `npm run start:nodes -- --nodes 2`: N server processes (server/main.ts) on one PostgreSQL database behind
# HAProxy, on this machine (docs/operations.md "Several nodes behind HAProxy"). The configuration is
# deploy/haproxy/haproxy.cfg with one server line per node. Ctrl-C (or SIGTERM) stops everything: the nodes
# gracefully (drain), then HAProxy.
#
# Options: --nodes N (2) --port P (8080, HAProxy) --base-port B (8081: node i listens on B+i-1)
#          --stats-port S (8404) --no-build (no front-end build: the API and push only).
# DATABASE_URL: the database (default postgres://postgres@127.0.0.1:5432/portal_nodes, created when
# missing). HAProxy: Debian's package, installed with apt-get when missing and run as root (or with
# passwordless sudo), else the command to run is printed. Logs and the generated configuration: the run
# directory printed at start (RUN_DIR to choose it).
set -euo pipefail
cd "$(dirname "$0")/.."

nodes=2 port=8080 base_port=8081 stats_port=8404 build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --base-port) base_port="$2"; shift 2 ;;
    --stats-port) stats_port="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "未知参数：$1（可用：--nodes N --port P --base-port B --stats-port S --no-build）" >&2; exit 2 ;;
  esac
done
[[ "$nodes" =~ ^[1-9][0-9]?$ ]] || { echo "--nodes 须为 1–99" >&2; exit 2; }

# HAProxy: Debian's package (as e2e/chromium.sh does for the browser).
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
if ! command -v haproxy >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then
    echo "安装 Debian 软件包 haproxy…"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get install -y -qq haproxy >/dev/null 2>&1 || { as_root apt-get update -qq; as_root apt-get install -y -qq haproxy; }
  else
    echo "需要 HAProxy，请先运行：sudo apt-get install -y haproxy" >&2
    exit 1
  fi
fi

database_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/portal_nodes}"
if [ -z "${DATABASE_URL:-}" ] && command -v psql >/dev/null 2>&1; then
  admin_url="${database_url%/*}/postgres"
  if ! psql "$admin_url" -tAc "select 1 from pg_database where datname = 'portal_nodes'" | grep -q 1; then
    psql "$admin_url" -qc "create database portal_nodes" && echo "已创建数据库 portal_nodes"
  fi
fi

run_dir="${RUN_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/portal-nodes-XXXXXX")}"
mkdir -p "$run_dir"
if [ "$build" = 1 ]; then npx tsx server/ops/build-if-changed.ts; else export PORTAL_STATIC_DIR="$run_dir/no-dist"; fi

# The configuration: the repository's, with one server line per node and the chosen ports.
servers=""
for i in $(seq 1 "$nodes"); do servers+="    server node$i 127.0.0.1:$((base_port + i - 1))"$'\n'; done
awk -v servers="$servers" -v port="$port" -v stats="$stats_port" '
  /^    server node[0-9]+ / { next }
  /# @servers/ { print; printf "%s", servers; next }
  /^    bind :8080$/ { print "    bind :" port; next }
  /^    bind 127\.0\.0\.1:8404$/ { print "    bind 127.0.0.1:" stats; next }
  { print }' deploy/haproxy/haproxy.cfg > "$run_dir/haproxy.cfg"
haproxy -q -c -f "$run_dir/haproxy.cfg"

pids=()
stop() {
  trap - INT TERM EXIT
  echo "正在停止 ${#pids[@]} 个节点与 HAProxy…"
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -n "${haproxy_pid:-}" ] && kill -TERM "$haproxy_pid" 2>/dev/null && wait "$haproxy_pid" 2>/dev/null || true
  echo "已停止"
}
trap stop INT TERM EXIT

for i in $(seq 1 "$nodes"); do
  PORT=$((base_port + i - 1)) HOST=127.0.0.1 DATABASE_URL="$database_url" PORTAL_TRUST_PROXY=127.0.0.1 \
    PORTAL_DATA_DIR="${PORTAL_DATA_DIR:-$run_dir/data}" \
    node --import tsx server/main.ts >"$run_dir/node$i.log" 2>&1 &
  pids+=($!)
  echo "节点 node$i：pid $! 端口 $((base_port + i - 1))，日志 $run_dir/node$i.log"
done
for i in $(seq 1 "$nodes"); do
  for _ in $(seq 1 240); do
    grep -q '河北产权交易所门户已启动' "$run_dir/node$i.log" && break
    kill -0 "${pids[$((i - 1))]}" 2>/dev/null || { echo "node$i 启动失败：" >&2; tail -20 "$run_dir/node$i.log" >&2; exit 1; }
    sleep 0.5
  done
done

haproxy -W -db -f "$run_dir/haproxy.cfg" >"$run_dir/haproxy.log" 2>&1 &
haproxy_pid=$!
echo "HAProxy：pid $haproxy_pid，配置 $run_dir/haproxy.cfg，日志 $run_dir/haproxy.log"
echo "门户：http://localhost:$port   统计页：http://127.0.0.1:$stats_port/stats"
echo "试一试：kill -9 <某节点 pid>，其推送连接经 HAProxy 带 Last-Event-ID 重连到其他节点。Ctrl-C 全部停止。"
wait "$haproxy_pid"
