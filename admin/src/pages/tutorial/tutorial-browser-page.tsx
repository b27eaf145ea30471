import { EditOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Col, Empty, Input, type InputRef, Row, Spin, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { choiceLabel } from '../../definitions/screens';
import { isSuper } from '../../providers/session';
import { useMe } from '../../providers/use-me';
import { ManualView } from './manual-view';
import { nextManual, searchManuals } from './manuals';
import { useManuals } from './use-manuals';

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** /company/tutorial: topics and a search box ('/' focuses it; Enter opens the top hit; ArrowDown or Tab enters the results). */
export default function TutorialBrowserPage() {
  const t = useTranslate();
  const me = useMe();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const manuals = useManuals();
  const [query, setQuery] = useState('');
  const search = useRef<InputRef>(null);
  const results = useRef<(HTMLAnchorElement | null)[]>([]);
  const topics = useMemo(() => searchManuals(manuals.data ?? [], query), [manuals.data, query]);
  const hits = topics.flatMap((topic) => topic.manuals);
  const openId = params.get('tutorialId');
  const open = manuals.data?.find((manual) => manual._id === openId);
  const show = (id: string) => setParams({ tutorialId: id });

  useEffect(() => {
    const focusSearch = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || typingIn(event.target)) return;
      event.preventDefault();
      search.current?.focus();
    };
    document.addEventListener('keydown', focusSearch);
    return () => document.removeEventListener('keydown', focusSearch);
  }, []);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && hits[0]) show(hits[0]._id);
    if ((event.key === 'ArrowDown' || (event.key === 'Tab' && !event.shiftKey)) && hits[0]) {
      event.preventDefault();
      results.current[0]?.focus();
    }
  };
  const onResultKey = (index: number) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    if (index + step < 0) search.current?.focus();
    else results.current[Math.min(index + step, hits.length - 1)]?.focus();
  };

  let position = 0;
  return (
    <>
      <PageHeader
        title={t('Manuals')}
        crumbs={[{ label: t('Manuals') }]}
        extra={isSuper(me) && <Button icon={<EditOutlined />} onClick={() => navigate('/company/tutorial/manage')}>{t('Edit manuals')}</Button>}
      />
      <Row gutter={16}>
        <Col xs={24} md={8} xl={6}>
          <Card size="small">
            <Input.Search
              ref={search}
              allowClear
              placeholder={t('Search (press / )')}
              aria-label={t('Search manuals')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onSearchKey}
              style={{ marginBottom: 12 }}
            />
            <Spin spinning={manuals.isLoading}>
              <nav aria-label={t('Manuals')} data-testid="manual-results">
                {hits.length === 0 && !manuals.isLoading && <Empty description={t('No manuals found')} />}
                {topics.map((topic) => (
                  <div key={topic.topic} style={{ marginBottom: 12 }}>
                    <Typography.Text strong>{t(choiceLabel(undefined, topic.topic))}</Typography.Text>
                    {topic.manuals.map((manual) => {
                      const index = position++;
                      return (
                        <div key={manual._id}>
                          <a
                            ref={(element) => {
                              results.current[index] = element;
                            }}
                            href={`/company/tutorial?tutorialId=${manual._id}`}
                            onClick={(event) => (event.preventDefault(), show(manual._id))}
                            onKeyDown={onResultKey(index)}
                            style={{ fontWeight: manual._id === openId ? 600 : undefined }}
                          >
                            {manual.name?.full}
                          </a>
                        </div>
                      );
                    })}
                  </div>
                ))}
              </nav>
            </Spin>
          </Card>
        </Col>
        <Col xs={24} md={16} xl={18}>
          <Card>
            {open ? (
              <ManualView manual={open} next={nextManual(manuals.data ?? [], open._id)} onNext={(next) => show(next._id)} />
            ) : (
              <Empty description={t('Choose a manual, or press / to search')} />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
