// The header's cart link and its count badge: '...' while loading, smaller text at 100 or more.
// A prerendered page shows no count until the app runs: without JavaScript '...' never ended.
import { Link } from 'react-router';
import { useHydrated } from '@/lib/use-hydrated';
import type { CartCount } from '../use-cart-count';
import './cart-badge.css';

export function CartBadge({ count, loading }: CartCount) {
  const hydrated = useHydrated();
  const label = !hydrated
    ? 'Cart'
    : loading
      ? 'Cart, loading item count'
      : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  const small = !loading && count >= 100;
  return (
    <Link to="/cart" className="cart-link" aria-label={label}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-1.8 8.1a2 2 0 0 1-2 1.6H8.4a2 2 0 0 1-2-1.6L4.2 3.8A1 1 0 0 0 3.2 3H2V1h1.2a3 3 0 0 1 2.9 2.3L5.2 4Zm.8 4 1.4 5.7h9.8L18.5 8H6Z"
        />
      </svg>
      {hydrated && (loading || count > 0) && (
        <span
          className={small ? 'cart-badge cart-badge--small' : 'cart-badge'}
          data-testid="cart-badge"
          aria-hidden="true"
        >
          {loading ? '...' : count}
        </span>
      )}
    </Link>
  );
}
