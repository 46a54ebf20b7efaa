import type { Costs } from '@lido/contracts/membership';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';
import { joiningKeys } from './keys.ts';

export interface CostsParams {
  typeId: number;
  optionId: number;
  venueId: number;
  startDate: string;
  billingDay: number | null;
  promotionCodeId: number | null;
}

/** GET memberships/types/{typeId}/payment-options/{optionId}: what joining costs, from the server. */
export const costsQuery = (params: CostsParams) =>
  queryOptions({
    queryKey: joiningKeys.costs(params),
    queryFn: ({ signal }) =>
      apiGet<Costs>(
        `memberships/types/${params.typeId}/payment-options/${params.optionId}`,
        {
          startDate: params.startDate,
          billingDay: params.billingDay ?? undefined,
          venueId: params.venueId,
          promotionCodeId: params.promotionCodeId ?? undefined,
        },
        signal,
      ),
    staleTime: 60_000,
    retry: false,
  });

/** The costs of the choices so far; the last answer stays shown while a new one loads. */
export function useCosts(params: CostsParams | null) {
  return useQuery({
    ...costsQuery(
      params ?? {
        typeId: 0,
        optionId: 0,
        venueId: 0,
        startDate: '',
        billingDay: null,
        promotionCodeId: null,
      },
    ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
