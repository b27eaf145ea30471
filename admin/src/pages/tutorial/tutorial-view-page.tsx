import { useTranslate } from '@refinedev/core';
import { Card, Empty, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ManualView } from './manual-view';
import { nextManual } from './manuals';
import { useManuals } from './use-manuals';

/** /company/tutorial/{tutorialId}/view: one manual on its own page. */
export default function TutorialViewPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { tutorialId = '' } = useParams();
  const manuals = useManuals();
  const manual = manuals.data?.find((candidate) => candidate._id === tutorialId);
  return (
    <>
      <PageHeader title={manual?.name?.full ?? t('Manual')} crumbs={[{ label: t('Manuals'), to: '/company/tutorial' }, { label: manual?.name?.full ?? tutorialId }]} />
      <Card>
        <Spin spinning={manuals.isLoading}>
          {manual ? (
            <ManualView manual={manual} next={nextManual(manuals.data ?? [], manual._id)} onNext={(next) => navigate(`/company/tutorial/${next._id}/view`)} />
          ) : (
            !manuals.isLoading && <Empty description={t('No manual with this id')} />
          )}
        </Spin>
      </Card>
    </>
  );
}
