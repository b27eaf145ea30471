import { useInvalidate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { financeApi } from '../finance/finance-api';

/** A user's balance, and a refresh of everything the Payment details tab shows after an action. */
export function useUserFinance(userId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const queryKey = ['user-balance', userId];
  const balance = useQuery({ queryKey, queryFn: () => financeApi.userBalance(userId) });
  /** `userChanged`: the action wrote the user record too (its bank account), so the General form reloads. */
  const refresh = async (userChanged = false) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      invalidate({ resource: 'payment', invalidates: ['list'] }),
      invalidate({ resource: 'transaction', invalidates: ['list'] }),
      userChanged && invalidate({ resource: 'user', id: userId, invalidates: ['detail'] }),
    ]);
  };
  return { balance, refresh };
}

export type RefreshUserFinance = ReturnType<typeof useUserFinance>['refresh'];
