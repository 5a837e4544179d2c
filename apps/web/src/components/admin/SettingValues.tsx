import { DetailsList, type Detail } from '../ui/DetailsList';

export type SettingValue = Detail;

/** An editor's stored values read-only: a definition list of each label and its value. */
export function SettingValues({ values }: { values: SettingValue[] }) {
  return <DetailsList details={values} />;
}
