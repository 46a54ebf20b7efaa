/** An HTTP-like error the router raises itself: 404 when no route matches the address. */
export class ErrorResponse {
  readonly internal = true;
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown = null,
  ) {}
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  return (
    error != null &&
    typeof error === 'object' &&
    typeof (error as ErrorResponse).status === 'number' &&
    typeof (error as ErrorResponse).statusText === 'string' &&
    typeof (error as ErrorResponse).internal === 'boolean' &&
    'data' in error
  );
}
