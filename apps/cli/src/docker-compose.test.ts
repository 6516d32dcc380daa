import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `docker compose` (the plugin), else `docker-compose` (Debian's package): whichever validates compose files here. */
function composeCommand(): string[] | undefined {
  for (const cmd of [['docker', 'compose'], ['docker-compose']]) {
    const r = spawnSync(cmd[0]!, [...cmd.slice(1), 'version'], { encoding: 'utf8' });
    if (r.status === 0) return cmd;
  }
  return undefined;
}

describe('docker-compose.yml', () => {
  it('is a valid compose file (docker compose config) with the collector and Jaeger, mcpscope and the demo exporting to the collector', () => {
    const cmd = composeCommand();
    expect(cmd, 'needs `docker compose` or `docker-compose` (Debian: apt-get install docker-compose; .ci/run installs it)').toBeDefined();
    const r = spawnSync(cmd![0]!, [...cmd!.slice(1), '-f', join(REPO, 'docker-compose.yml'), 'config'], {
      encoding: 'utf8',
      env: { ...process.env, MCPSCOPE_TOKEN: 'compose-test-token' },
    });
    expect(r.stderr).not.toMatch(/error|invalid/i);
    expect(r.status).toBe(0);
    const config = r.stdout;
    for (const service of ['demo', 'mcpscope', 'otel-collector', 'jaeger']) expect(config).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    expect(config.match(/OTEL_EXPORTER_OTLP_ENDPOINT: http:\/\/otel-collector:4318/g)).toHaveLength(2);
    expect(config).toMatch(/- --trace-context/);
    expect(config).toMatch(/image: otel\/opentelemetry-collector-contrib:\d+\.\d+\.\d+/);
    expect(config).toMatch(/image: jaegertracing\/jaeger:\d+\.\d+\.\d+/);
    expect(config).toMatch(/127\.0\.0\.1:16686:16686|host_ip: 127\.0\.0\.1\s+published: "?16686/);
  });

  it('gives the collector a config that receives OTLP and sends traces to Jaeger', () => {
    const text = readFileSync(join(REPO, 'docker/otel-collector.yaml'), 'utf8');
    expect(text).toMatch(/receivers:\s+otlp:\s+protocols:\s+grpc:[\s\S]*http:/);
    expect(text).toMatch(/otlp\/jaeger:\s+endpoint: jaeger:4317/);
    expect(text).toMatch(/traces:\s+receivers: \[otlp\]\s+processors: \[batch\]\s+exporters: \[otlp\/jaeger\]/);
  });
});
