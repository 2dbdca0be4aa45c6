// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEREST_PROFILE_KEY, recordSectionView, type InterestProfile } from '@mesura/site-property';
import { AUDIENCE_READY_EVENT } from '../src/constants.js';

type Page = { mesura?: unknown; mesuraData?: unknown; mesuraAudience?: { segments(): string[] } };
const page = () => window as unknown as Page;

async function runModule(): Promise<string[][]> {
  const heard: string[][] = [];
  const listener = (event: Event) => heard.push((event as CustomEvent<{ segments: string[] }>).detail.segments);
  addEventListener(AUDIENCE_READY_EVENT, listener);
  vi.resetModules();
  await import('../src/audience-module.js');
  removeEventListener(AUDIENCE_READY_EVENT, listener);
  return heard;
}

function storeInterests(views: Record<string, number>): void {
  let profile: InterestProfile = {};
  for (const [section, n] of Object.entries(views)) for (let i = 0; i < n; i++) profile = recordSectionView(profile, section, Date.now());
  localStorage.setItem(INTEREST_PROFILE_KEY, JSON.stringify(profile));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete page().mesura;
  delete page().mesuraData;
  delete page().mesuraAudience;
});

describe('/mesura-audience.js, the audience-management module (§7 script loads)', () => {
  it('exposes the segments and announces them once', async () => {
    storeInterests({ esports: 4 });
    const heard = await runModule();
    expect(heard).toEqual([['usuari:anonim', 'interes:esports']]);
    expect(page().mesuraAudience?.segments()).toEqual(['usuari:anonim', 'interes:esports']);
  });

  it('reads the interests afresh at each call', async () => {
    await runModule();
    storeInterests({ cultura: 3 });
    expect(page().mesuraAudience?.segments()).toEqual(['usuari:anonim', 'interes:cultura']);
  });

  it('takes the signed-in state from the customer ids the page declared, else from the data layer', async () => {
    page().mesura = { customerIds: () => ({ idUsuari: { id: 'u-42', authState: 1 } }) };
    await runModule();
    expect(page().mesuraAudience?.segments()).toEqual(['usuari:logat']);
    page().mesura = { customerIds: () => ({ idUsuari: { id: 'u-42', authState: 2 } }) };
    expect(page().mesuraAudience?.segments()).toEqual(['usuari:anonim']);
    page().mesura = undefined;
    page().mesuraData = { user: { idUsuari: 'u-42' } };
    expect(page().mesuraAudience?.segments()).toEqual(['usuari:logat']);
  });
});
