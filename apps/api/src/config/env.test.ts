import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('starts on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ARGO_ROLE).toBe('all');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.PASSWORD_MIN_LENGTH).toBe(6);
  });

  it('reads PORT and derives the public URL from it', () => {
    const config = loadConfig({ PORT: '4123', CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(config.PORT).toBe(4123);
    expect(config.PUBLIC_URL).toBe('http://localhost:4123');
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names every bad value and what to do about it', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ARGO_ROLE: 'boss', AUTH_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(4);
    expect(message).toContain('PORT="eighty": must be a number');
    expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(message).toContain('ARGO_ROLE="boss": use all, api or worker');
    expect(message).toContain('AUTH_SECRET: must be at least 32 characters');
    expect(message).not.toContain('short');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
