// The checkout as every checkout route shows it: the checkout feature with the customer's saved
// addresses (addresses feature) and the order list reloaded after payment (orders feature).
import { useQueryClient } from '@tanstack/react-query';
import { createAddress, refreshAddresses, useAddresses } from '@/features/addresses/api/addresses';
import { CheckoutFlow, type CheckoutLayout } from '@/features/checkout/components/checkout-flow';
import { refreshOrders } from '@/features/orders/api/orders';
import { useSession } from '@/lib/session/use-session';

export function CheckoutPage({ layout }: { layout?: CheckoutLayout }) {
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const addresses = useAddresses(isAuthenticated);
  return (
    <CheckoutFlow
      layout={layout}
      savedAddresses={isAuthenticated ? addresses.data : undefined}
      onSaveAddress={async (address) => {
        await createAddress(address);
        await refreshAddresses(queryClient);
      }}
      onPaid={() => void refreshOrders(queryClient)}
    />
  );
}
