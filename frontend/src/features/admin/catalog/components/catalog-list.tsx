// The owner's catalog (API.md "Admin"): every product with its price and whether it is for sale;
// hide or show in one click, edit the rest on the product's own screen.
import { useState } from 'react';
import { Link } from 'react-router';
import { shortName } from '@printshop/shared-events/rules/catalog';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { serverMessageOr } from '@/lib/server-message';
import { AdminPage } from '@/features/admin/components/admin-page';
import { QueryState } from '@/features/admin/components/query-state';
import { useAdminCatalog, useEditProduct } from '../api/admin-catalog';

export const CATALOG_LIST_MESSAGES = {
  failed: 'Could not load the catalog.',
  changeFailed: 'Could not change the product.',
  hidden: (name: string) => `${name} is hidden: it is no longer sold.`,
  shown: (name: string) => `${name} is for sale again.`,
} as const;

export function CatalogList() {
  const catalog = useAdminCatalog();
  const edit = useEditProduct();
  const [done, setDone] = useState<string>();

  const toggle = (sku: string, name: string, hidden: boolean) => {
    setDone(undefined);
    edit.mutate(
      { sku, change: { hidden } },
      {
        onSuccess: () =>
          setDone(hidden ? CATALOG_LIST_MESSAGES.hidden(name) : CATALOG_LIST_MESSAGES.shown(name)),
      },
    );
  };

  return (
    <AdminPage title="Catalog">
      {done && <p role="status">{done}</p>}
      {edit.isError && <Alert>{serverMessageOr(edit.error, CATALOG_LIST_MESSAGES.changeFailed)}</Alert>}
      <QueryState query={catalog} failed={CATALOG_LIST_MESSAGES.failed}>
        {({ products }) => (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Products ({products.length})</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Category</th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {products.map((product) => {
                  const name = shortName(product.name);
                  const sized = Object.keys(product.sizePrices).length > 0;
                  return (
                    <tr key={product.sku} data-testid={`catalog-row-${product.sku}`}>
                      <td>
                        <Link to={`/admin/catalog/${encodeURIComponent(product.sku)}`}>{name}</Link>
                        <br />
                        <small>{product.sku}</small>
                      </td>
                      <td>{product.category}</td>
                      <td className="num">
                        {sized ? 'from ' : ''}
                        {formatMoney(product.priceUsdCents, 'USD')}
                      </td>
                      <td>{product.hidden ? 'Hidden' : 'For sale'}</td>
                      <td>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={edit.isPending}
                          aria-label={`${product.hidden ? 'Show' : 'Hide'} ${name}`}
                          onClick={() => toggle(product.sku, name, !product.hidden)}
                        >
                          {product.hidden ? 'Show' : 'Hide'}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
