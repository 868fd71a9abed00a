import { Flex, Typography } from 'antd';

/** A goods line of a detail: its thumbnail, name and spec. */
export function GoodsCell({ image, name, spec }: { image: string; name: string; spec: string }) {
  return (
    <Flex gap={8} align="center">
      {image && <img src={image} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />}
      <Flex vertical>
        <span>{name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {spec}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
