import os

import httplib2
from bs4 import BeautifulSoup
from googleapiclient.discovery import build
from googleapiclient.errors import HttpError
from oauth2client.service_account import ServiceAccountCredentials

root = "listing/google/"
package_name = "org.example.vault"
base_folder = "base"


def read_listing(folder):
    with open(root + folder + "/store_description.html", "r") as html:
        description = html.read()
    with open(root + folder + "/store_text.xml", "r") as xml:
        strings = BeautifulSoup(xml.read(), features="xml")
    texts = {element["name"]: element.string for element in strings.find_all("string")}
    texts["full_description"] = description
    return texts


base = read_listing(base_folder)
listings = {}
for folder in os.listdir(root):
    listing = read_listing(folder)
    if listing == base:
        continue
    listings[folder.replace("-r", "-")] = listing

credentials = ServiceAccountCredentials.from_json_keyfile_name(
    "service-account-google.json", scopes="https://www.googleapis.com/auth/androidpublisher"
)
service = build("androidpublisher", "v3", http=credentials.authorize(httplib2.Http()))

edit_id = service.edits().insert(packageName=package_name).execute()["id"]
for language, listing in listings.items():
    body = {
        "language": language,
        "title": listing["store_title"],
        "shortDescription": listing["store_short_description"],
        "fullDescription": listing["full_description"],
    }
    try:
        service.edits().listings().patch(
            packageName=package_name, editId=edit_id, language=language, body=body
        ).execute()
    except HttpError as error:
        if error.status_code != 404:
            raise
        service.edits().listings().update(
            packageName=package_name, editId=edit_id, language=language, body=body
        ).execute()

service.edits().commit(packageName=package_name, editId=edit_id).execute()
