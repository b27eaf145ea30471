import { BankOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { ClosedSelect } from '../components/closed-select';
import { selectCompany } from '../providers/company-store';
import { companyName } from '../providers/session';
import { useMe } from '../providers/use-me';

/**
 * Super admins act in another company: the choice is stored and sent as X-Company-Id on every request. Closed in
 * plain elements until reached, like a list's filters: it is in the header of every page.
 */
export function CompanySwitcher() {
  const me = useMe();
  const t = useTranslate();
  if (!me) return null;
  const options = (me.companies ?? [{ _id: me.company._id, name: me.company.name }]).map((company) => ({
    value: company._id,
    label: companyName(company) || company._id,
  }));
  if (!options.some((option) => option.value === me.company._id)) options.unshift({ value: me.company._id, label: companyName(me.company) });
  return (
    <ClosedSelect
      data-testid="company-switcher"
      aria-label={t('Company')}
      suffixIcon={<BankOutlined />}
      style={{ minWidth: 200 }}
      showSearch
      optionFilterProp="label"
      value={me.company._id}
      options={options}
      onChange={(companyId: string) => {
        selectCompany(companyId);
        // every cached list and record belongs to the old company: start afresh on the new one
        window.location.assign(window.location.pathname.replace(/\/[0-9a-f]{24}\/edit$/, ''));
      }}
    />
  );
}
