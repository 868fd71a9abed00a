CREATE INDEX "goods_name_grams_idx" ON "goods" USING gin (agora_short_grams("goods_name"));--> statement-breakpoint
CREATE INDEX "goods_sn_grams_idx" ON "goods" USING gin (agora_short_grams("sn"));--> statement-breakpoint
CREATE INDEX "goods_shop_name_grams_idx" ON "goods" USING gin (agora_short_grams("shop_name"));--> statement-breakpoint
CREATE INDEX "orders_ship_name_grams_idx" ON "orders" USING gin (agora_short_grams("ship_name"));--> statement-breakpoint
CREATE INDEX "orders_goods_names_grams_idx" ON "orders" USING gin (agora_short_grams("goods_names"));