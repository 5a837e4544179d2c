import { TextField } from '@mui/material';

export interface SectionOption {
  value: string;
  label: string;
}

/** On a phone, a page's sections as one labelled native select in place of its side menu. */
export function SectionPicker({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: SectionOption[];
  onChange(value: string): void;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true } }}
      fullWidth
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
