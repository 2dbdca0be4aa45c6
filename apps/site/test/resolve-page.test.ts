import { redirect, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { resolvePage } from '../src/routing/resolve-page';

const Page = () => null;
const Other = () => null;
// The routes' lazy modules, made once: what resolvePage fetches for a matched route.
const loadPage = async () => Page;
const loadOther = async () => Other;

function routes(loader: RouteObject['loader']): RouteObject[] {
  return [
    {
      path: '/',
      children: [
        { path: 'noticia/:id/:slug/', loader, lazy: { Component: loadPage } },
        { path: 'tema/', element: null, lazy: { Component: loadOther } },
      ],
    },
  ];
}

describe('resolvePage', () => {
  it("gives the matched route's loader its params and the request, and fetches its component", async () => {
    const loader = vi.fn(async ({ params, request }: { params: Record<string, string | undefined>; request: Request }) => ({ id: params.id, url: request.url }));
    const page = await resolvePage(new URL('https://mesura.test/noticia/1001/llei/?font=portada'), undefined, routes(loader as never));
    expect(page).toEqual({
      kind: 'page',
      href: '/noticia/1001/llei/?font=portada',
      data: { id: '1001', url: 'https://mesura.test/noticia/1001/llei/?font=portada' },
      Component: Page,
    });
  });

  it("uses the server's first-view data for the same address instead of asking the loader again", async () => {
    const loader = vi.fn();
    const known = { href: '/noticia/1001/llei/', data: { from: 'first view' } };
    const page = await resolvePage(new URL('https://mesura.test/noticia/1001/llei/'), known, routes(loader));
    expect(page).toMatchObject({ kind: 'page', data: { from: 'first view' } });
    expect(loader).not.toHaveBeenCalled();
    await resolvePage(new URL('https://mesura.test/noticia/1002/altra/'), known, routes(loader));
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("reads a loader's redirect, thrown or returned, as the page to go to, with its status", async () => {
    const thrown = routes(() => {
      throw redirect('/noticia/1001/canonica/', 301);
    });
    const returned = routes(() => redirect('/noticia/1001/canonica/', 301));
    for (const table of [thrown, returned]) {
      expect(await resolvePage(new URL('https://mesura.test/noticia/1001/vella/'), undefined, table)).toEqual({ kind: 'redirect', to: '/noticia/1001/canonica/', status: 301 });
    }
    const temporary = routes(() => redirect('/noticia/1001/canonica/'));
    expect(await resolvePage(new URL('https://mesura.test/noticia/1001/vella/'), undefined, temporary)).toMatchObject({ status: 302 });
  });

  it('lets any other loader failure through, for the router to load the page from the server', async () => {
    const failing = routes(() => {
      throw new Error('API down');
    });
    await expect(resolvePage(new URL('https://mesura.test/noticia/1/x/'), undefined, failing)).rejects.toThrow('API down');
  });
});
