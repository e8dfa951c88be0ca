-- Product search also matches words by their English stem ("tim tams" finds "Tim Tam", "tomatoes" finds "tomato"):
-- an index for the stemmed words beside the plain one, which still finds word starts as they are typed.
CREATE INDEX "products_search_stemmed_idx" ON "products" USING gin (to_tsvector('english', "name" || ' ' || "description"));
