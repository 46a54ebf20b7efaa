import type { Promotion } from '@lido/contracts/membership';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

/** GET /api/v1/membership-promotions/validate/{code}/{paymentOptionId}: any error means not recognised. */
export function useValidatePromotion() {
  return useMutation({
    mutationFn: ({ code, paymentOptionId }: { code: string; paymentOptionId: number }) =>
      apiGet<Promotion>(`v1/membership-promotions/validate/${encodeURIComponent(code)}/${paymentOptionId}`),
    // "Code not recognised" is shown beside the field, not as a toast.
    meta: { inlineValidation: true },
  });
}
