import { type Strike, strikeKindLabels } from '@lido/contracts/registers';
import { useRemoveStrike } from './registers-api.ts';
import { ReasonForm } from './reason-form.tsx';

/** A manager removes a strike, saying why (the audit log keeps it; decision 0096). */
export function RemoveStrikeForm({
  name,
  kind,
  strikeId,
  onDone,
}: {
  /** whose strike: "Dana Okafor" */
  name: string;
  kind: Strike['kind'];
  strikeId: number;
  onDone: (removed: boolean) => void;
}) {
  const remove = useRemoveStrike();
  return (
    <ReasonForm
      id="remove-strike"
      heading={`Remove ${name}’s ${strikeKindLabels[kind].toLowerCase()} strike`}
      submitLabel="Remove strike"
      emptyMessage="Enter why the strike is removed."
      failedMessage="The strike could not be removed."
      pending={remove.isPending}
      submit={async (reason) => {
        await remove.mutateAsync({ strikeId, reason });
        onDone(true);
      }}
      onCancel={() => onDone(false)}
    />
  );
}
