import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@app/domain';
import { apiDelete, apiGet, apiPatch, apiPut, type ApiAnswer } from '../../../lib/api/typed-client';
import { useLanguage } from '../../../lib/i18n/i18n';

/** The buyer's carts, one per grower, kept on the server (GET shopping-cart). */

/** The buyer's carts, one per grower; `sMessage` is the spec's "an item in your cart changed". */
export type CartAnswer = ApiAnswer<'get', 'shopping-cart'>;

export type ProviderCart = CartAnswer['results'][number];

export type CartProduct = ProviderCart['aProducts'][number];

export type CartChange = NonNullable<CartProduct['sChange']>;

/**
 * `['cart']` is the prefix the catalogue's add-to-cart refreshes too (features agree on it
 * by name, they do not import each other). The message follows the language.
 */
export const cartKeys = {
  all: ['cart'] as const,
  carts: (language: Language) => [...cartKeys.all, 'carts', language] as const,
};

export function getCart(): Promise<CartAnswer> {
  return apiGet('shopping-cart');
}

export function useCartQuery(options: { enabled?: boolean; errorToast?: boolean } = {}) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: cartKeys.carts(language),
      queryFn: getCart,
      enabled: options.enabled ?? true,
      meta: { errorToast: options.errorToast ?? false },
    }),
  );
}

/** A cart write answers with the whole cart: it replaces the cached one, then all are refetched. */
function useCartWrite<TInput>(
  write: (input: TInput) => Promise<CartAnswer | undefined>,
  options: { errorToast: boolean },
) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: options.errorToast },
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(cartKeys.carts(language), answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** PUT shopping-cart/items/:id: sets a line's boxes; it also acknowledges the line's change. */
export function useUpdateLineMutation() {
  return useCartWrite(
    (input: { articleId: string; boxes: number }) =>
      apiPut('shopping-cart/items/{articleId}', {
        params: { articleId: input.articleId },
        body: { dQuantity: input.boxes },
      }),
    // The error is shown on the line's field.
    { errorToast: false },
  );
}

/** DELETE shopping-cart/items/:id. */
export function useRemoveLineMutation() {
  return useCartWrite(
    (articleId: string) => apiDelete('shopping-cart/items/{articleId}', { params: { articleId } }),
    { errorToast: true },
  );
}

/** PATCH customers/{userId}/shopping-cart { sVendorId }: removes a grower's whole cart (204). */
export function useRemoveVendorCartMutation() {
  return useCartWrite(
    async (input: { userId: string; vendorId: string }) => {
      await apiPatch('customers/{userId}/shopping-cart', {
        params: { userId: input.userId },
        body: { sVendorId: input.vendorId },
      });
      return undefined;
    },
    { errorToast: true },
  );
}
