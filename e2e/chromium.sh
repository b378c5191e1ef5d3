#!/usr/bin/env bash
# The browser the e2e journeys run in: Debian's Chromium (never a downloaded browser), at CHROMIUM_PATH or
# /usr/bin/chromium, with a CJK font so their screenshots are readable. Run by `npm test` (pretest),
# `npm run test:e2e` and .ci/run, so the check lives here once.
#
# Present: nothing to do. Missing: installs Debian's packages when it can (root, or sudo without a
# password) and otherwise stops with the one command to run. CHROMIUM_PATH names the caller's own browser:
# checked, never installed. CHROMIUM_INSTALL=0: check only.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
can_install() {
  [ "${CHROMIUM_INSTALL:-1}" != 0 ] && command -v apt-get >/dev/null 2>&1 &&
    { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }
}

if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "浏览器测试所用的 CHROMIUM_PATH=$CHROMIUM_PATH 不存在或不可执行：请改为本机 Chromium 的路径，或删除该变量以使用 /usr/bin/chromium" >&2
  exit 1
fi

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
# The font only makes screenshots readable: installed along with the browser, or alone when possible.
font_missing=0
fc-list 2>/dev/null | grep -qi 'wqy\|noto sans cjk' || font_missing=1
[ "$font_missing" = 1 ] && packages+=(fonts-wqy-microhei)
[ ${#packages[@]} -eq 0 ] && exit 0

if can_install; then
  echo "安装浏览器测试所需的 Debian 软件包：${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get install -y -qq "${packages[@]}" >/dev/null 2>&1 || {
    as_root apt-get update -qq
    as_root apt-get install -y -qq "${packages[@]}"
  }
  exit 0
fi

if [ -x /usr/bin/chromium ]; then
  echo "提示：未安装中文字体，浏览器测试的截图中文将无法显示（sudo apt-get install fonts-wqy-microhei）" >&2
  exit 0
fi
echo "浏览器测试需要 Debian 的 Chromium，请先运行：sudo apt-get install -y chromium fonts-wqy-microhei" >&2
echo "（或把 CHROMIUM_PATH 设为本机已有 Chromium 的路径）" >&2
exit 1
