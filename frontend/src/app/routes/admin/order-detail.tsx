// Placeholder: replaced by the page itself (issue 9, pages slice).
import { PlaceholderPage } from '../placeholder-page';

export function Component() {
  return <PlaceholderPage title="Order Details" />;
}
