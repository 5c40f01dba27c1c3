import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('NEWSCTL_TRUST_PROXY', () => {
  const trust = (value: string | undefined) => loadConfig({ NEWSCTL_TRUST_PROXY: value }).trustProxy;

  it('trusts nothing unless told, one hop for true, N hops for a number, and named proxies for a list', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
  });

  it('refuses what it cannot read rather than trusting every hop', () => {
    expect(() => trust('everyone')).toThrow(ConfigError);
    expect(() => trust('proxy.example.com')).toThrow(/NEWSCTL_TRUST_PROXY/);
  });
});
