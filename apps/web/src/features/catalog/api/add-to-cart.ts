import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/typed-client';

/**
 * The cart feature's query key prefix. Features do not import each other, so the key is
 * agreed on by name: adding from the catalogue refreshes the cart and the top bar's count.
 */
const CART_QUERY_KEY = ['cart'] as const;

export interface AddToCartInput {
  articleId: string;
  boxes: number;
}

/** POST shopping-cart/items: adds boxes to the article's line in its grower's cart. */
export function addToCart(input: AddToCartInput): Promise<unknown> {
  return apiPost('shopping-cart/items', {
    body: { sProductId: input.articleId, dQuantity: input.boxes },
  });
}

export function useAddToCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    // The error is shown on the quantity field.
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
