import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { formatUnixTime } from './formatTime';

/** Two short lines in one cell (date over time, service over order…), so a list fits 1440 px. */
export function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Flex vertical style={{ lineHeight: 1.4 }}>
      <span style={{ whiteSpace: 'nowrap' }}>{first}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {second}
      </Typography.Text>
    </Flex>
  );
}

/** A time as its day over its hour. */
export function DayTime({ seconds }: { seconds: number }) {
  const [day, time] = formatUnixTime(seconds).split(' ');
  return <TwoLines first={day} second={time} />;
}
