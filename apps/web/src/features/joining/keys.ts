/** Query keys of the joining page. Eligibility depends on who is logged in, so lists carry that. */
export const joiningKeys = {
  membershipTypes: (venueId: number, loggedIn: boolean, memberUserId: number | null = null) =>
    ['memberships', venueId, loggedIn, memberUserId] as const,
  costs: (params: object) => ['costs', params] as const,
  questions: (typeId: number) => ['questions', typeId] as const,
  terms: (kind: string, typeId: number | null) => ['terms', kind, typeId] as const,
};
