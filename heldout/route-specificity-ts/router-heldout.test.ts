import { Router, type Method } from '../src';

type Case = [method: Method, target: string, handler: string | null];

function expectRoutes(router: Router<string>, cases: Case[]): void {
  for (const [method, target, handler] of cases) {
    expect([method, target, router.match(method, target)?.handler ?? null]).toEqual([method, target, handler]);
  }
}

describe('the most specific route wins', () => {
  it('decides at the first segment that differs, not by the length of the pattern', () => {
    const router = new Router<string>().get('/users/:id/posts', 'posts').get('/users/me/*rest', 'selfAnything');
    expectRoutes(router, [
      ['GET', '/users/me/posts', 'selfAnything'],
      ['GET', '/users/42/posts', 'posts'],
      ['GET', '/users/42/likes', null],
    ]);
  });

  it('puts a parameter before a wildcard, and a static segment before both', () => {
    const router = new Router<string>()
      .get('/files/*path', 'tree')
      .get('/files/:name', 'file')
      .get('/:a/:b', 'pair')
      .get('/files/index', 'index');
    expectRoutes(router, [
      ['GET', '/files/a.txt', 'file'],
      ['GET', '/files/index', 'index'],
      ['GET', '/files/a/b.txt', 'tree'],
      ['GET', '/docs/a', 'pair'],
    ]);
  });

  it('does not depend on the order the routes were registered in', () => {
    const specific = new Router<string>().get('/users/me', 'self').get('/users/:id', 'user');
    const general = new Router<string>().get('/users/:id', 'user').get('/users/me', 'self');
    for (const router of [specific, general]) {
      expectRoutes(router, [['GET', '/users/me', 'self'], ['GET', '/users/you', 'user']]);
    }
  });

  it('keeps the first registered of equally specific routes', () => {
    const router = new Router<string>().get('/a/:x', 'first').get('/a/:y', 'second');
    expect(router.match('GET', '/a/1')).toEqual({ handler: 'first', params: { x: '1' }, route: '/a/:x' });
  });

  it('only among routes of the request method', () => {
    const router = new Router<string>().get('/users/:id', 'show').post('/users/me', 'create');
    expectRoutes(router, [['GET', '/users/me', 'show'], ['POST', '/users/me', 'create']]);
    expect(router.allowed('/users/me')).toEqual(['GET', 'POST']);
  });
});

describe('percent-encoded paths', () => {
  const router = new Router<string>().get('/users/:id', 'user').get('/files/*path', 'file');

  it('decodes each parameter on its own, after the path is split', () => {
    expect(router.match('GET', '/users/a%2Fb')?.params).toEqual({ id: 'a/b' });
    expect(router.match('GET', '/users/j%C3%BCrgen')?.params).toEqual({ id: 'jürgen' });
  });

  it('decodes every segment a wildcard takes', () => {
    expect(router.match('GET', '/files/my%20docs/r%C3%A9sum%C3%A9.pdf?v=2')?.params).toEqual({
      path: 'my docs/résumé.pdf',
    });
  });

  it('matches nothing where an escape is malformed, and never throws', () => {
    expect(router.match('GET', '/users/%E0%A4%A')).toBeNull();
    expect(router.match('GET', '/files/ok/%ZZ')).toBeNull();
    expect(router.allowed('/users/100%')).toEqual([]);
  });
});
