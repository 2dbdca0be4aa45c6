import { describe, expect, it } from 'vitest';
import { isRole, roleLabel, tokenRoleOptions } from '../src/session/roles';

describe('tokenRoleOptions', () => {
  it('offers roles up to one’s own, never above', () => {
    expect(tokenRoleOptions('analyst')).toEqual(['analyst']);
    expect(tokenRoleOptions('editor')).toEqual(['analyst', 'editor']);
    expect(tokenRoleOptions('admin')).toEqual(['analyst', 'editor', 'admin']);
  });
});

describe('roles', () => {
  it('names each role in Catalan', () => {
    expect([roleLabel('analyst'), roleLabel('editor'), roleLabel('admin')]).toEqual(['analista', 'editor', 'administrador']);
  });

  it('knows only the server’s three roles', () => {
    expect(isRole('admin')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
