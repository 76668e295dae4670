import { Checkbox } from "@chakra-ui/react";
import { FormField } from "./FormField";

/** What a host adds to a cancelled meetup: a note shown with the date, and whether the list is emailed about it. */
export function CancelNoteFields({
  note,
  onNote,
  emailList,
  onEmailList,
}: {
  note: string;
  onNote: (note: string) => void;
  emailList: boolean;
  onEmailList: (on: boolean) => void;
}) {
  return (
    <>
      <FormField
        label="Note (optional)"
        name="note"
        multiline
        rows={3}
        value={note}
        onChange={onNote}
        helper="Shown with the cancelled date, e.g. why or where to go instead."
      />
      <Checkbox.Root checked={emailList} onCheckedChange={(d) => onEmailList(d.checked === true)}>
        <Checkbox.HiddenInput name="emailList" />
        <Checkbox.Control />
        <Checkbox.Label>Email the list about it</Checkbox.Label>
      </Checkbox.Root>
    </>
  );
}
