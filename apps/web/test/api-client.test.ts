import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type ApiResponse,
  apiFetch,
  apiUrl,
  setUnauthorizedHandler,
} from '../src/lib/api/api-client.ts';
import { genericErrorLine } from '../src/lib/api/generic-error.ts';
import { createRequestTracker } from '../src/lib/api/request-tracker.ts';
import { stubFetch } from './support/render.tsx';

describe('the API client', () => {
  it('puts spec paths under /api and sends query keys in snake_case, skipping empty values', () => {
    expect(apiUrl('memberships/types', { venueId: 3, promotionCodeId: undefined, startDate: '' })).toBe(
      '/api/memberships/types?venue_id=3',
    );
    expect(apiUrl('/api/frontend/theme')).toBe('/api/frontend/theme');
  });

  it('sends bodies in snake_case and unwraps camelCased data', async () => {
    const { fetchStub, calls } = stubFetch({
      '/api/things': { status: 201, body: { data: { cart_id: 9, item_count: 2 } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const response = await apiFetch('things', {
      method: 'POST',
      body: { selectedUserId: 4, billingDay: 15 },
    });
    expect(response).toEqual({ status: 201, data: { cartId: 9, itemCount: 2 } });
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ selected_user_id: 4, billing_day: 15 });
    expect((calls[0]?.init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('turns a 422 into an error carrying the field messages', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/things': {
          status: 422,
          body: {
            message: 'Sort code must be 6 digits.',
            errors: { 'account_details.sort_code': ['Sort code must be 6 digits.'] },
          },
        },
      }).fetchStub,
    );
    const error = await apiFetch('things', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Sort code must be 6 digits.',
      validationMessages: { 'accountDetails.sortCode': ['Sort code must be 6 digits.'] },
    });
  });

  it('ends the session on a 401 unless the call expects one', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/auth/user': { status: 401, body: { message: 'Unauthenticated.' } } }).fetchStub,
    );
    await expect(apiFetch('auth/user')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(apiFetch('auth/user', { handleUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('maps statuses to the generic error line', () => {
    expect(genericErrorLine(404)).toBe('Unable to complete request, item not found.');
    expect(genericErrorLine(403)).toBe('Unauthorised.');
    // A stale form (issue 21 item 13, joining spec §8 "Forms").
    expect(genericErrorLine(419)).toBe('Something has gone wrong, please reload and try again.');
    expect(genericErrorLine(500)).toBe('Something has gone wrong, please try again.');
    expect(genericErrorLine(418)).toBe('Something has gone wrong, please try again.');
    expect(genericErrorLine(null)).toBe('Something has gone wrong, please try again.');
  });
});

describe('the request tracker', () => {
  it('clears the error when a request starts, records the status on success', async () => {
    const tracker = createRequestTracker();
    await tracker
      .track('costs', () => Promise.reject<ApiResponse<null>>(new ApiError(500, 'Boom')))
      .catch(() => undefined);
    expect(tracker.get('costs')).toEqual({
      requesting: false,
      error: 'Boom',
      statusCode: 500,
      validationMessages: null,
    });

    let resolve: (value: { status: number; data: null }) => void = () => undefined;
    const pending = tracker.track<null>(
      'costs',
      () => new Promise<ApiResponse<null>>((done) => (resolve = done)),
    );
    expect(tracker.get('costs')).toMatchObject({ requesting: true, error: null });
    resolve({ status: 200, data: null });
    await pending;
    expect(tracker.get('costs')).toEqual({
      requesting: false,
      error: null,
      statusCode: 200,
      validationMessages: null,
    });
  });

  it('records error, status and validation messages on failure', async () => {
    const tracker = createRequestTracker();
    await tracker
      .track('answers', () =>
        Promise.reject<ApiResponse<null>>(new ApiError(422, 'Invalid', { answer: ['Answer is required.'] })),
      )
      .catch(() => undefined);
    expect(tracker.get('answers')).toEqual({
      requesting: false,
      error: 'Invalid',
      statusCode: 422,
      validationMessages: { answer: ['Answer is required.'] },
    });
  });
});
