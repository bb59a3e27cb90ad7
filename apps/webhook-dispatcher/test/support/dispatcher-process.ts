import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { testInfrastructure } from '@pc/testing';
import { closedPort } from './test-receiver';

const ROOT = path.resolve(__dirname, '../../../..');
const REGISTER = path.join(__dirname, '../../../../scripts/swc-register.js');
const MAIN = path.join(ROOT, 'apps/webhook-dispatcher/src/main.ts');

/** The dispatcher as a real child process (`node apps/webhook-dispatcher/src/main.ts`), to be killed for real. */
export class DispatcherProcess {
  output = '';
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  static async start(vars: Record<string, string>, timeoutMs = 30_000): Promise<DispatcherProcess> {
    const port = await closedPort();
    const { postgres, rabbitUrl } = testInfrastructure;
    const child = spawn(process.execPath, ['-r', REGISTER, MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        ...vars,
        PORT: String(port),
        DATABASE_HOST: postgres.host,
        DATABASE_PORT: String(postgres.port),
        DATABASE_USER: postgres.user,
        DATABASE_PASSWORD: postgres.password,
        RABBITMQ_URL: rabbitUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new DispatcherProcess(child, port);
    await started.waitUntilReady(timeoutMs);
    return started;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** SIGKILL: no shutdown hook runs, in-flight attempts are cut off. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }

  private async waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null)
        throw new Error(`dispatcher exited (${this.child.exitCode}):\n${this.output}`);
      const ready = await fetch(`http://127.0.0.1:${this.port}/health/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await this.kill();
    throw new Error(`dispatcher not ready within ${timeoutMs} ms:\n${this.output}`);
  }
}
