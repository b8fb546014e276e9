/** Where the codec server listens and whom it answers, from its environment (docs/deployment.md, "Configuration"). */
export interface CodecServerSettings {
  host: string;
  port: number;
  /** CODEC_SERVER_ALLOWED_ORIGIN: the Web UI's origins, comma-separated, matched exactly */
  allowedOrigins: string[];
  /** CODEC_SERVER_TOKEN: what callers without an Origin (the Temporal CLI, scripts) present */
  token?: string;
}

export function codecServerSettings(env: NodeJS.ProcessEnv): CodecServerSettings {
  const origins = env.CODEC_SERVER_ALLOWED_ORIGIN ?? 'http://127.0.0.1:8233,http://localhost:8233';
  return {
    host: env.CODEC_SERVER_HOST || '127.0.0.1',
    port: Number(env.CODEC_SERVER_PORT || 8888),
    allowedOrigins: origins
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    token: env.CODEC_SERVER_TOKEN || undefined,
  };
}
