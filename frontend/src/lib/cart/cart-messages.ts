// Spec 1 §8 "Cart": 'Failed to …' when the server answers without success, 'An error occurred …'
// when the call itself fails.
export const CART_MESSAGES = {
  fetchFailed: 'Failed to fetch cart.',
  fetchError: 'An error occurred while fetching the cart.',
  addFailed: 'Failed to add item to cart.',
  addError: 'An error occurred while adding the item.',
  updateFailed: 'Failed to update item quantity.',
  updateError: 'An error occurred while updating quantity.',
  removeFailed: 'Failed to remove item from cart.',
  removeError: 'An error occurred while removing the item.',
  removeOneFailed: (id: string) => `Failed to remove item ${id} from cart.`,
  removeManyError: 'An error occurred while removing items.',
} as const;
