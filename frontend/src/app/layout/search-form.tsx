// The header's product search: goes to /search?q={term}.
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

export function SearchForm({ idPrefix }: { idPrefix: string }) {
  const [params] = useSearchParams();
  const [term, setTerm] = useState(params.get('q') ?? '');
  const navigate = useNavigate();
  const id = `${idPrefix}-search`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = term.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        type="search"
        placeholder="Search prints, strips, posters…"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
          />
        </svg>
      </button>
    </form>
  );
}
