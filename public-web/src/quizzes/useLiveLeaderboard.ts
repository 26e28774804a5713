import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSocket, useSocketEvent, useSocketReconnected } from '../realtime/socketContext';
import { quizKeys } from './quizzesApi';

/** While the page is open, the quiz's leaderboard reloads whenever the server says it changed. */
export function useLiveLeaderboard(quizId: string) {
  const { socket, status } = useSocket();
  const client = useQueryClient();
  const connected = status === 'connected';
  useEffect(() => {
    if (!socket || !connected) return;
    socket.emit('join_quiz', quizId, () => undefined);
    return () => {
      socket.emit('leave_quiz', quizId);
    };
  }, [socket, connected, quizId]);
  const reload = () => void client.invalidateQueries({ queryKey: quizKeys.leaderboard(quizId) });
  useSocketEvent('quiz_leaderboard_updated', (change) => {
    if (change.quizId === quizId) reload();
  });
  useSocketReconnected(reload);
}
