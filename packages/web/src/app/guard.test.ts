import { describe, expect, it } from 'vitest';
import { isServerPage, loginPath, redirectTarget } from './guard';

describe('guard paths', () => {
  it('sends an unauthenticated visitor to /login with the way back', () => {
    expect(loginPath('/order/order-list?page_no=2')).toBe(`/login?redirect=${encodeURIComponent('/order/order-list?page_no=2')}`);
    expect(loginPath('/')).toBe('/login');
  });

  it('after signing in opens the redirect target only when it is a path of the console', () => {
    expect(redirectTarget('/operations/auth-settings/system-logs?page_no=3')).toBe('/operations/auth-settings/system-logs?page_no=3');
    expect(redirectTarget(null)).toBe('/dashboard');
    expect(redirectTarget('https://evil.example')).toBe('/dashboard');
    expect(redirectTarget('//evil.example')).toBe('/dashboard');
    expect(redirectTarget('/login')).toBe('/dashboard');
  });

  it('knows the server\'s pages that send their readers here to sign in', () => {
    expect(isServerPage(redirectTarget('/api/docs'))).toBe(true);
    expect(isServerPage('/dashboard')).toBe(false);
  });
});
