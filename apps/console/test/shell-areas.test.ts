import { describe, expect, it } from 'vitest';
import { CONSOLE_AREAS, HOME_AREA } from '../src/shell/areas';
import { sharedSearch } from '../src/shell/shared-search';
import { mayOpen, visibleAreas } from '../src/shell/visible-areas';

const paths = (role: 'analyst' | 'editor' | 'admin') => visibleAreas(CONSOLE_AREAS, role).map((area) => area.path);
const GENERIC = [
  'audiencia',
  'contingut',
  'adquisicio',
  'cerca',
  'interaccio',
  'tecnologia',
  'geografia',
  'video-i-audio',
  'objectius',
  'embuts',
  'segments',
  'consentiment',
  'temps-real',
  'taulers',
  'avisos',
];

describe('the areas of the console', () => {
  it('opens on Audiència and lists the areas in the navigation order', () => {
    expect(HOME_AREA.path).toBe('audiencia');
    expect(CONSOLE_AREAS.map((area) => area.label)).toEqual([
      'Audiència',
      'Contingut',
      'Adquisició',
      'Cerca interna',
      'Interacció',
      'Tecnologia',
      'Geografia',
      'Vídeo i àudio',
      'Objectius',
      'Embuts',
      'Segments',
      'Consentiment',
      'Temps real',
      'Taulers',
      'Avisos i informes per correu',
      'Experiments',
      'Administració',
    ]);
  });

  it('shows each role the areas it may open, never one above it', () => {
    expect(paths('analyst')).toEqual(GENERIC);
    expect(paths('editor')).toEqual([...GENERIC, 'experiments']);
    expect(paths('admin')).toEqual([...GENERIC, 'experiments', 'administracio']);
  });

  it('orders roles: an editor may open what an analyst may, not what an admin may', () => {
    expect(mayOpen({ minRole: 'editor' }, 'analyst')).toBe(false);
    expect(mayOpen({ minRole: 'editor' }, 'editor')).toBe(true);
    expect(mayOpen({ minRole: 'editor' }, 'admin')).toBe(true);
    expect(mayOpen({ minRole: 'admin' }, 'editor')).toBe(false);
  });

  it('has unique paths, each a plain URL segment', () => {
    const all = CONSOLE_AREAS.map((area) => area.path);
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path).toMatch(/^[a-z][a-z-]*$/);
  });
});

describe('the shared report state carried between areas', () => {
  it('keeps the period, comparison, filters and view, and drops the drill-down', () => {
    expect(sharedSearch('?periode=avui&compara=1&f=device%3Amobile&vista=taula&informe=content%2Fpages&p.section=x')).toBe('?periode=avui&compara=1&f=device%3Amobile&vista=taula');
    expect(sharedSearch('?informe=content%2Fpages')).toBe('');
    expect(sharedSearch('')).toBe('');
  });
});
