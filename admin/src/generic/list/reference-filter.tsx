import { UntilReached } from '../../components/closed-select';
import { userMay } from '../../providers/access-control';
import { useMe } from '../../providers/use-me';
import { ReferenceSelect, type ReferenceSelectProps } from '../form/reference-select';

/**
 * A filter by another model's record: closed in plain elements, asking nothing of the API, until a person reaches
 * it; the reference select itself once a record is chosen (it shows the record's title) or for a reader who may not
 * read that model (it shows disabled).
 */
export function ReferenceFilter(props: ReferenceSelectProps & { placeholder: string }) {
  const may = userMay(useMe(), props.resource, 'read');
  if (props.value || !may) return <ReferenceSelect {...props} />;
  return (
    <UntilReached
      face={{ placeholder: props.placeholder, allowClear: true, showSearch: true, style: { minWidth: 200, ...props.style } }}
      live={(reach) => <ReferenceSelect {...props} autoFocus={reach !== 'pointer'} defaultOpen={reach === 'press'} />}
    />
  );
}
