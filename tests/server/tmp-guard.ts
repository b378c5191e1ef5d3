/**
 * Server tests clean up what they create. Every run gets a TMPDIR of its own (os.tmpdir() in the test
 * workers and in the server processes they start), so runs beside each other on one machine cannot mix;
 * at the end, whatever a test left there fails the run, by name, and the directory is removed, so even a
 * failed run leaves nothing in /tmp. (tsx's compile cache of the started servers is not a test's: ignored.)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), 'hbcq-server-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const left = readdirSync(root).filter((name) => !/^tsx-\d+$/.test(name));
    rmSync(root, { recursive: true, force: true });
    if (left.length > 0) {
      // (An error thrown here is only printed: the exit code is what fails CI.)
      console.error(`服务端测试未清理临时文件（${root}）：${left.join(', ')}`);
      process.exitCode = 1;
    }
  };
}
