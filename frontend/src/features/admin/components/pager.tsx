// Previous / next between pages of an admin list, with where the reader is.
import { Button } from '@/components/button';

export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** What is paged, for screen readers ('Orders pages'). */
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
