// Page-scoped state: it holds while the page stays and is the initial value on any other page.
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { usePageState } from './use-page-state';

function Toggle({ withQuery }: { withQuery?: boolean }) {
  const [open, setOpen] = usePageState(false, { withQuery });
  return (
    <button type="button" onClick={() => setOpen((was) => !was)}>
      {open ? 'open' : 'closed'}
    </button>
  );
}

const toggle = () => act(() => screen.getByRole('button').click());
const shown = () => screen.getByRole('button').textContent;

describe('usePageState', () => {
  it('given it is set, when the page stays, then it holds', async () => {
    renderApp(<Toggle />, { path: '/prints' });
    await toggle();
    expect(shown()).toBe('open');
    await toggle();
    expect(shown()).toBe('closed');
  });

  it('given it is set, when another page shows and then the first again, then it is initial on both', async () => {
    const { navigate } = renderApp(<Toggle />, { path: '/prints' });
    await toggle();
    await navigate('/posters');
    expect(shown()).toBe('closed');
    await navigate('/prints');
    expect(shown()).toBe('closed');
  });

  it.each([
    [false, 'open'],
    [true, 'closed'],
  ])('given withQuery %s, when only the query changes, then it is %s', async (withQuery, expected) => {
    const { navigate } = renderApp(<Toggle withQuery={withQuery} />, { path: '/search?q=cat' });
    await toggle();
    await navigate('/search?q=dog');
    expect(shown()).toBe(expected);
  });
});
