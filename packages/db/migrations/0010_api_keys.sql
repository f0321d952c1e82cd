-- API keys for the public API.
select 1;
