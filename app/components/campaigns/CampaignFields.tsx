// demo:file (npm run demo:remove deletes this file)
/**
 * The name and budget inputs shared by the new-campaign and edit forms, with
 * the model's field errors beside each. Budget stays text here (an empty box
 * means "no budget"); `parseBudget` turns it into the API's number or null.
 */
import { TextField } from '../TextField';

interface CampaignFieldsProps {
  /** Prefix of the input ids, unique on the page (`new-campaign`, `edit`). */
  idPrefix: string;
  name: string;
  budget: string;
  onNameChange: (name: string) => void;
  onBudgetChange: (budget: string) => void;
  fields: Record<string, string[]> | undefined;
}

export function CampaignFields({ idPrefix, name, budget, onNameChange, onBudgetChange, fields }: CampaignFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        value={name}
        onChange={onNameChange}
        aria-required="true"
        errors={fields?.name}
      />
      <TextField
        id={`${idPrefix}-budget`}
        label="Budget"
        type="number"
        min={0}
        step={1}
        value={budget}
        onChange={onBudgetChange}
        errors={fields?.budget}
      />
    </>
  );
}
